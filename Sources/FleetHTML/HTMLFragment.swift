/// Markup built once through the DOM and written into many pages: the condition icons, the
/// symbol set, pieces every page of a run shares.
///
/// A fragment is made only by building nodes (``init(context:_:)``) and serialising them with
/// the same escaping as a page, so it is as safe as any element: no code path turns a string
/// into markup. Appending one costs a copy of its text instead of building its nodes again on
/// each of 25,000 pages (docs/performance.md, "Pages").
public struct HTMLFragment: Sendable {
    /// The serialised children of the context element.
    let markup: String
    /// What a reader sees in it (``HTMLNode/textContent``).
    let plainText: String
    /// Whether it was serialised inside `script`/`style` (raw text). Only text directly in the
    /// fragment depends on that (an element's own text follows the element's tag), so a
    /// fragment with such text keeps its nodes (``tree``) to be copied into a parent of the
    /// other kind; one without (an icon, a cell: the cached kind) keeps only its text.
    let rawTextContext: Bool
    /// The nodes, kept only when the fragment has text at its top level.
    let tree: HTMLTree?

    /// Builds the fragment's nodes under an element named `context` (the kind of element it
    /// will be appended to) and serialises them.
    ///
    /// - Parameters:
    ///   - context: The tag of the elements it goes into (`div`, `ol`, `svg`…).
    ///   - build: Adds the fragment's content to the context element it is given.
    public init(context: String = "div", _ build: (HTMLNode) -> Void) {
        let document = HTMLDocument(HTMLTemplate(empty: "fragment"))
        let holder = document.tree.append(.element, context, to: 0)
        build(HTMLNode(holder, document: document))
        var serializer = HTMLSerializer(capacity: 1024)
        serializer.writeChildren(of: holder, in: document.tree)
        markup = String(decoding: serializer.bytes, as: UTF8.self)
        plainText = document.tree.textContent(of: holder)
        rawTextContext = HTMLRules.isRawTextParent(context)
        var hasTopLevelText = false
        var child = document.tree.nodes[Int(holder)].firstChild
        while child >= 0 {
            if document.tree.nodes[Int(child)].kind == .text { hasTopLevelText = true }
            child = document.tree.nodes[Int(child)].next
        }
        tree = hasTopLevelText ? document.tree : nil
    }
}

extension HTMLNode {
    /// Appends a fragment's content as the element's last children.
    ///
    /// - Parameter fragment: The fragment.
    public func append(_ fragment: HTMLFragment) {
        if let nodes = fragment.tree, fragment.rawTextContext != HTMLRules.isRawTextParent(tag) {
            document.tree.copyChildren(of: 1, from: nodes, to: index)
            return
        }
        let node = document.tree.append(.markup, fragment.markup, to: index)
        document.tree.nodes[Int(node)].payload = Int32(document.tree.markupTexts.count)
        document.tree.markupTexts.append(fragment.plainText)
    }
}

extension HTMLTemplate {
    /// A template of nothing: the scratch document a fragment is built in.
    init(empty name: String) {
        self.name = name
        tree = HTMLTree()
        slots = [:]
    }
}

extension HTMLTree {
    /// Copies the children of `source` in `other` (and their subtrees) under `parent`.
    mutating func copyChildren(of source: Int32, from other: HTMLTree, to parent: Int32) {
        var child = other.nodes[Int(source)].firstChild
        while child >= 0 {
            let node = other.nodes[Int(child)]
            let copy = append(node.kind, node.name, to: parent)
            if node.payload >= 0 {
                nodes[Int(copy)].payload = Int32(markupTexts.count)
                markupTexts.append(other.markupTexts[Int(node.payload)])
            }
            var attribute = node.firstAttribute
            while attribute >= 0 {
                appendAttribute(other.attributes[Int(attribute)].name, other.attributes[Int(attribute)].value, on: copy)
                attribute = other.attributes[Int(attribute)].next
            }
            copyChildren(of: child, from: other, to: copy)
            child = node.next
        }
    }
}
