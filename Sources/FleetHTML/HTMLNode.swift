/// An element of an ``HTMLDocument`` being built, with the operations reports need.
///
/// Text is always added as text and attribute values as literal values: both are escaped as
/// they are written, so callers never escape anything themselves.
///
/// Pages are built in document order (``HTMLStream``): adding to an element closes the elements
/// opened inside it since, and adding to an element closed that way, or setting an attribute
/// after an element's first child, is a programming error that stops the program with a
/// message (every page is built by the tests, so such an error cannot reach a night's run).
public struct HTMLNode {
    let stream: Int
    /// The element's number in its stream; 0 is the template element itself.
    let serial: Int32
    let document: HTMLDocument

    init(stream: Int, serial: Int32, document: HTMLDocument) {
        self.stream = stream
        self.serial = serial
        self.document = document
    }

    /// Makes this element the one being written into.
    private func focus(_ operation: StaticString) {
        guard document.streams[stream].focus(serial) else {
            preconditionFailure("HTMLNode.\(operation): the element was closed (pages are built in document order)")
        }
    }

    /// The element's tag name.
    public var tag: String {
        serial == 0
            ? document.anchorTag(stream)
            : document.streams[stream].frames.last(where: { $0.serial == serial })?.tag ?? ""
    }

    /// Appends a child element.
    ///
    /// - Parameters:
    ///   - tag: The tag name (`td`, `svg`, `polyline`).
    ///   - attributes: Attributes in order; values are literal text. A name given twice keeps
    ///     its first place and takes the last value.
    ///   - text: Text content, if any.
    /// - Returns: The new element.
    @discardableResult
    public func element(_ tag: String, _ attributes: [(String, String)] = [], text: String? = nil) -> HTMLNode {
        focus("element")
        let child = document.streams[stream].open(tag, attributes: attributes)
        if let text, !text.isEmpty { document.streams[stream].text(text) }
        return HTMLNode(stream: stream, serial: child, document: document)
    }

    /// Appends a text node.
    ///
    /// - Parameter content: The text, inserted literally.
    public func text(_ content: String) {
        guard !content.isEmpty else { return }
        focus("text")
        document.streams[stream].text(content)
    }

    /// Sets an attribute (before the element's first child).
    ///
    /// - Parameters:
    ///   - name: The attribute name.
    ///   - value: The literal value.
    public func set(_ name: String, _ value: String) {
        guard serial != 0 else {
            setOnTemplateElement(name, value)
            return
        }
        focus("set")
        guard document.streams[stream].setAttribute(name, value) else {
            preconditionFailure("HTMLNode.set(\(name)): the element's start tag was written (set attributes first)")
        }
    }

    /// A template element's attributes are written again with the page (see
    /// ``HTMLDocument/render(into:)``).
    private func setOnTemplateElement(_ name: String, _ value: String) {
        let element = document.anchors[stream]
        var attributes =
            document.templateAttributes[element]
            ?? {
                let tree = document.template.tree
                var found: [(String, String?)] = []
                var current = tree.nodes[Int(element)].firstAttribute
                while current >= 0 {
                    found.append((tree.attributes[Int(current)].name, tree.attributes[Int(current)].value))
                    current = tree.attributes[Int(current)].next
                }
                return found
            }()
        if let index = attributes.firstIndex(where: { $0.0 == name }) {
            attributes[index].1 = value
        } else {
            attributes.append((name, value))
        }
        document.templateAttributes[element] = attributes
    }

    /// Appends a link if the URL is safe, else the text alone.
    ///
    /// Only `http` and `https` links are written: a `javascript:` or `data:` URL in weather
    /// data must never become clickable.
    ///
    /// - Parameters:
    ///   - url: The target.
    ///   - text: The link text.
    ///   - attributes: Extra attributes.
    /// - Returns: The `a` element, or `nil` when only text was written.
    @discardableResult
    public func link(_ url: String?, text: String, _ attributes: [(String, String)] = []) -> HTMLNode? {
        guard let url, SafeURL.isWebLink(url) else {
            self.text(text)
            return nil
        }
        return element("a", [("href", url)] + attributes, text: text)
    }

    /// Removes every child of the element.
    public func clear() {
        focus("clear")
        document.streams[stream].clearFocused()
    }

    /// Replaces the element's content with text.
    ///
    /// - Parameter content: The new text.
    public func setText(_ content: String) {
        clear()
        text(content)
    }

    /// Appends a fragment's content as the element's last children.
    ///
    /// - Parameter fragment: The fragment.
    public func append(_ fragment: HTMLFragment) {
        focus("append")
        let raw = document.streams[stream].focusedRawText
        document.streams[stream].markup(raw ? fragment.rawMarkup : fragment.markup)
    }
}
