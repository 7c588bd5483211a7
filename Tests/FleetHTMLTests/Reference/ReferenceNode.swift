/// The libxml2 document fleetwx built pages with before issue 13, kept here unchanged but for
/// its name: the reference the native tree's serialiser is checked against
/// (`HTMLSerializerAgreementTests`), byte for byte.
import CLibXML2
import FleetHTML

/// An element of an ``ReferenceDocument``, with the operations reports need.
///
/// Text is always added as text nodes and attribute values as literal values: libxml2
/// escapes both on output, so callers never escape anything themselves.
struct ReferenceNode {
    let node: xmlNodePtr
    /// Keeps the document (and so the node's memory) alive while the node is used.
    let document: ReferenceDocument

    init(_ node: xmlNodePtr, document: ReferenceDocument) {
        self.node = node
        self.document = document
    }

    /// The element's tag name.
    var tag: String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// Appends a child element.
    ///
    /// - Parameters:
    ///   - tag: The tag name (`td`, `svg`, `polyline`).
    ///   - attributes: Attributes in order; values are literal text.
    ///   - text: Text content, if any.
    /// - Returns: The new element.
    @discardableResult
    func element(_ tag: String, _ attributes: [(String, String)] = [], text: String? = nil) -> ReferenceNode {
        let child: xmlNodePtr = xmlNewDocNode(document.doc, nil, tag, nil)
        xmlAddChild(node, child)
        let added = ReferenceNode(child, document: document)
        for (name, value) in attributes { added.set(name, value) }
        if let text { added.text(text) }
        return added
    }

    /// Appends a text node.
    ///
    /// - Parameter content: The text, inserted literally.
    func text(_ content: String) {
        guard !content.isEmpty else { return }
        let textNode: xmlNodePtr = xmlNewDocText(document.doc, content)
        xmlAddChild(node, textNode)
    }

    /// Sets an attribute.
    ///
    /// - Parameters:
    ///   - name: The attribute name.
    ///   - value: The literal value.
    func set(_ name: String, _ value: String) {
        xmlSetProp(node, name, value)
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
    func link(_ url: String?, text: String, _ attributes: [(String, String)] = []) -> ReferenceNode? {
        guard let url, SafeURL.isWebLink(url) else {
            self.text(text)
            return nil
        }
        return element("a", [("href", url)] + attributes, text: text)
    }

    /// Removes every child of the element.
    func clear() {
        while let child = node.pointee.children {
            xmlUnlinkNode(child)
            xmlFreeNode(child)
        }
    }

    /// Replaces the element's content with text.
    ///
    /// - Parameter content: The new text.
    func setText(_ content: String) {
        clear()
        text(content)
    }

    /// The text of the element and all its descendants, as a reader sees it (tests and checks
    /// read pages back with it).
    var textContent: String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { clibxml2_free(content) }
        return String(cString: content)
    }

    /// An attribute's value.
    ///
    /// - Parameter name: The attribute name.
    /// - Returns: Its value, or `nil` when absent.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    /// The first element in this subtree (itself included) that matches, depth first.
    ///
    /// - Parameter predicate: The test.
    /// - Returns: The element.
    func first(where predicate: (ReferenceNode) -> Bool) -> ReferenceNode? {
        if predicate(self) { return self }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE,
                let found = ReferenceNode(current, document: document).first(where: predicate)
            {
                return found
            }
            child = current.pointee.next
        }
        return nil
    }

    /// Every element in this subtree (itself included) that matches, in document order.
    ///
    /// - Parameter predicate: The test.
    /// - Returns: The elements.
    func all(where predicate: (ReferenceNode) -> Bool) -> [ReferenceNode] {
        var found: [ReferenceNode] = predicate(self) ? [self] : []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                found += ReferenceNode(current, document: document).all(where: predicate)
            }
            child = current.pointee.next
        }
        return found
    }
}
