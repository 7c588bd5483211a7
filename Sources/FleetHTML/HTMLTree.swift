/// A parsed document (an ``HTMLTemplate``, a page read back as ``ParsedHTML``), held in two
/// flat arrays rather than one heap object per node.
///
/// Links between nodes are indices into ``nodes``; `-1` means none. Node 0 is the document.
struct HTMLTree: Sendable {
    /// What a node is.
    enum Kind: UInt8, Sendable {
        /// The document itself (node 0).
        case document
        /// An element: ``Node/name`` is its tag.
        case element
        /// Text: ``Node/name`` is the literal text.
        case text
        /// A comment: ``Node/name`` is its content.
        case comment
        /// Markup written as it is: a template's node of another kind (a processing
        /// instruction) as libxml2 serialised it.
        case markup
    }

    /// One node.
    struct Node: Sendable {
        var kind: Kind
        /// The tag, the text, the comment or the markup, by ``kind``.
        var name: String
        var parent: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var next: Int32 = -1
        var firstAttribute: Int32 = -1
        var lastAttribute: Int32 = -1
    }

    /// One attribute, linked to the next of its element in order.
    struct Attribute: Sendable {
        var name: String
        /// `nil` for an attribute written without a value in a template (`<details open>`).
        var value: String?
        var next: Int32 = -1
    }

    var nodes: [Node] = [Node(kind: .document, name: "")]
    var attributes: [Attribute] = []
    /// The doctype line(s) written before the document's content (libxml2's own dump of the
    /// template's doctype, so it is exactly what libxml2 wrote).
    var doctype: String = ""

    /// Appends a new node as the last child of `parent`; returns its index.
    @discardableResult
    mutating func append(_ kind: Kind, _ name: String, to parent: Int32) -> Int32 {
        let index = Int32(nodes.count)
        nodes.append(Node(kind: kind, name: name, parent: parent))
        let last = nodes[Int(parent)].lastChild
        if last < 0 {
            nodes[Int(parent)].firstChild = index
        } else {
            nodes[Int(last)].next = index
        }
        nodes[Int(parent)].lastChild = index
        return index
    }

    /// Appends an attribute (libxml2's parser gives each name once).
    mutating func appendAttribute(_ name: String, _ value: String?, on node: Int32) {
        let index = Int32(attributes.count)
        attributes.append(Attribute(name: name, value: value))
        let last = nodes[Int(node)].lastAttribute
        if last < 0 {
            nodes[Int(node)].firstAttribute = index
        } else {
            attributes[Int(last)].next = index
        }
        nodes[Int(node)].lastAttribute = index
    }

    /// The value of the first attribute named `name`, `""` for one without a value.
    func attribute(_ name: String, of node: Int32) -> String? {
        var current = nodes[Int(node)].firstAttribute
        while current >= 0 {
            let attribute = attributes[Int(current)]
            if attribute.name == name { return attribute.value ?? "" }
            current = attribute.next
        }
        return nil
    }

    /// The text a reader sees in `node` and its descendants: text nodes only, as libxml2's
    /// `xmlNodeGetContent` gave it (comments are not content).
    func textContent(of node: Int32) -> String {
        switch nodes[Int(node)].kind {
        case .text: return HTMLTree.cString(nodes[Int(node)].name)
        case .markup, .comment: return ""
        case .document, .element: break
        }
        var text = ""
        var child = nodes[Int(node)].firstChild
        while child >= 0 {
            text += textContent(of: child)
            child = nodes[Int(child)].next
        }
        return text
    }

    /// `text` up to its first NUL: libxml2 took every string as a C string, so text after a NUL
    /// never reached a page; the native tree keeps that.
    static func cString(_ text: String) -> String {
        guard let nul = text.utf8.firstIndex(of: 0) else { return text }
        return String(text[..<nul])
    }
}
