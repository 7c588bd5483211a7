/// Markup built once through the DOM and written into many pages: the condition icons, the
/// symbol set, pieces every page of a run shares.
///
/// A fragment is made only by building elements (``init(context:_:)``) with the same escaping
/// as a page, so it is as safe as any element: no code path turns a string into markup.
/// Appending one costs a copy of its bytes instead of building its elements again on each of
/// 25,000 pages (docs/performance.md, "Pages").
public struct HTMLFragment: Sendable {
    /// The content as written under an element of the context's kind.
    let markup: [UInt8]
    /// The content as written under `script` or `style` when the context is not one (or under
    /// another element when it is): only text directly in the fragment differs (an element's
    /// own text follows the element's tag), so without such text this is ``markup``.
    let rawMarkup: [UInt8]

    /// Builds the fragment's content under an element named `context` (the kind of element it
    /// will be appended to).
    ///
    /// - Parameters:
    ///   - context: The tag of the elements it goes into (`div`, `ol`, `svg`…).
    ///   - build: Adds the fragment's content to the context element it is given; it runs a
    ///     second time when the fragment has text at its top level (see ``rawMarkup``).
    public init(context: String = "div", _ build: (HTMLNode) -> Void) {
        let (bytes, hasTopLevelText) = Self.make(context, build)
        let raw = HTMLRules.isRawTextParent(context)
        let other = hasTopLevelText ? Self.make(raw ? "div" : "script", build).bytes : bytes
        markup = raw ? other : bytes
        rawMarkup = raw ? bytes : other
    }

    private static func make(_ context: String, _ build: (HTMLNode) -> Void) -> (bytes: [UInt8], Bool) {
        let document = HTMLDocument(HTMLTemplate(scratch: context))
        guard let holder = document.root else { return ([], false) }
        build(holder)
        document.streams[holder.stream].finish()
        return (document.streams[holder.stream].bytes, document.streams[holder.stream].hasTopLevelText)
    }
}

extension HTMLTemplate {
    /// A template of one element named `context`: the scratch document a fragment is built
    /// in (never written out as a page).
    init(scratch context: String) {
        var tree = HTMLTree()
        tree.append(.element, context, to: 0)
        name = "fragment"
        self.tree = tree
        slots = [:]
        bytes = []
        ranges = []
        body = nil
    }
}
