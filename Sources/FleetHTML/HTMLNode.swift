/// An element of an ``HTMLDocument``, with the operations reports need.
///
/// Text is always added as text nodes and attribute values as literal values: the serialiser
/// escapes both on output, so callers never escape anything themselves.
public struct HTMLNode {
    let index: Int32
    /// The document the node lives in (nodes are indices into its tree).
    let document: HTMLDocument

    init(_ index: Int32, document: HTMLDocument) {
        self.index = index
        self.document = document
    }

    /// The element's tag name.
    public var tag: String {
        let node = document.tree.nodes[Int(index)]
        return node.kind == .element ? node.name : ""
    }

    /// Appends a child element.
    ///
    /// - Parameters:
    ///   - tag: The tag name (`td`, `svg`, `polyline`).
    ///   - attributes: Attributes in order; values are literal text.
    ///   - text: Text content, if any.
    /// - Returns: The new element.
    @discardableResult
    public func element(_ tag: String, _ attributes: [(String, String)] = [], text: String? = nil) -> HTMLNode {
        let child = document.tree.append(.element, tag, to: index)
        for (offset, (name, value)) in attributes.enumerated() {
            // A name given twice keeps its first place and takes the last value, as before.
            if offset == 0 {
                document.tree.appendAttribute(name, value, on: child)
            } else {
                document.tree.setAttribute(name, value, on: child)
            }
        }
        if let text, !text.isEmpty { document.tree.append(.text, text, to: child) }
        return HTMLNode(child, document: document)
    }

    /// Appends a text node.
    ///
    /// - Parameter content: The text, inserted literally.
    public func text(_ content: String) {
        guard !content.isEmpty else { return }
        document.tree.append(.text, content, to: index)
    }

    /// Sets an attribute.
    ///
    /// - Parameters:
    ///   - name: The attribute name.
    ///   - value: The literal value.
    public func set(_ name: String, _ value: String) {
        document.tree.setAttribute(name, value, on: index)
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
        document.tree.removeChildren(of: index)
    }

    /// Replaces the element's content with text.
    ///
    /// - Parameter content: The new text.
    public func setText(_ content: String) {
        clear()
        text(content)
    }

    /// The text of the element and all its descendants, as a reader sees it (tests and checks
    /// read pages back with it).
    public var textContent: String {
        document.tree.textContent(of: index)
    }

    /// An attribute's value.
    ///
    /// - Parameter name: The attribute name.
    /// - Returns: Its value (`""` for one written without a value), or `nil` when absent.
    public func attribute(_ name: String) -> String? {
        document.tree.attribute(name, of: index).map(HTMLTree.cString)
    }

    /// The first element in this subtree (itself included) that matches, depth first.
    ///
    /// - Parameter predicate: The test.
    /// - Returns: The element.
    public func first(where predicate: (HTMLNode) -> Bool) -> HTMLNode? {
        if predicate(self) { return self }
        var child = document.tree.nodes[Int(index)].firstChild
        while child >= 0 {
            if document.tree.nodes[Int(child)].kind == .element,
                let found = HTMLNode(child, document: document).first(where: predicate)
            {
                return found
            }
            child = document.tree.nodes[Int(child)].next
        }
        return nil
    }

    /// Every element in this subtree (itself included) that matches, in document order.
    ///
    /// - Parameter predicate: The test.
    /// - Returns: The elements.
    public func all(where predicate: (HTMLNode) -> Bool) -> [HTMLNode] {
        var found: [HTMLNode] = []
        collect(into: &found, where: predicate)
        return found
    }

    private func collect(into found: inout [HTMLNode], where predicate: (HTMLNode) -> Bool) {
        if predicate(self) { found.append(self) }
        var child = document.tree.nodes[Int(index)].firstChild
        while child >= 0 {
            if document.tree.nodes[Int(child)].kind == .element {
                HTMLNode(child, document: document).collect(into: &found, where: predicate)
            }
            child = document.tree.nodes[Int(child)].next
        }
    }
}
