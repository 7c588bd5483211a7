/// Writes an ``HTMLTree`` as HTML text, byte for byte as libxml2's HTML serialiser
/// (`htmlDocContentDumpFormatOutput`, unformatted, UTF-8) wrote the same tree, so pages kept
/// their exact bytes when the libxml2 tree was replaced (docs/performance.md, "Pages"). A test
/// builds random documents both ways and compares (`HTMLSerializerAgreementTests`).
///
/// Escaping is what makes data safe: text and attribute values always go through
/// ``escapeText(_:)`` / ``attributeValue(_:)``, so no data becomes markup.
struct HTMLSerializer {
    private(set) var bytes: [UInt8] = []
    private let tree: HTMLTree

    init(_ tree: HTMLTree, capacity: Int) {
        self.tree = tree
        bytes.reserveCapacity(capacity)
    }

    /// The whole document: doctype, content, and the newline libxml2 ends a document with.
    mutating func writeDocument() {
        append(tree.doctype)
        writeChildren(of: 0, parentTag: nil)
        bytes.append(0x0A)
    }

    /// One node and its subtree (a fragment's content).
    mutating func writeChildren(of node: Int32, parentTag: String?) {
        var child = tree.nodes[Int(node)].firstChild
        while child >= 0 {
            write(child, parentTag: parentTag)
            child = tree.nodes[Int(child)].next
        }
    }

    private mutating func write(_ index: Int32, parentTag: String?) {
        let node = tree.nodes[Int(index)]
        switch node.kind {
        case .document:
            writeChildren(of: index, parentTag: nil)
        case .text:
            if let parentTag, HTMLRules.isRawTextParent(parentTag) {
                appendCString(node.name)
            } else {
                escapeText(node.name)
            }
        case .comment:
            append("<!--")
            appendCString(node.name)
            append("-->")
        case .markup:
            append(node.name)
        case .element:
            writeElement(index, node)
        }
    }

    private mutating func writeElement(_ index: Int32, _ node: HTMLTree.Node) {
        bytes.append(0x3C)  // <
        append(node.name)
        var attribute = node.firstAttribute
        while attribute >= 0 {
            writeAttribute(tree.attributes[Int(attribute)], elementTag: node.name)
            attribute = tree.attributes[Int(attribute)].next
        }
        let rule = HTMLRules.endTag(node.name)
        if rule == .void {
            bytes.append(0x3E)
            return
        }
        if node.firstChild < 0 && rule == .omittedWhenEmpty {
            bytes.append(0x3E)
            return
        }
        bytes.append(0x3E)
        writeChildren(of: index, parentTag: node.name)
        bytes.append(0x3C)
        bytes.append(0x2F)
        append(node.name)
        bytes.append(0x3E)
    }

    private mutating func writeAttribute(_ attribute: HTMLTree.Attribute, elementTag: String) {
        bytes.append(0x20)
        append(attribute.name)
        guard let value = attribute.value, !HTMLRules.isBooleanAttribute(attribute.name) else { return }
        bytes.append(0x3D)  // =
        let isURI = HTMLRules.isURIAttribute(attribute.name, elementTag: elementTag)
        var utf8Value = value
        let done = utf8Value.withUTF8 { utf8 in
            // Most values need nothing: written in double quotes as they are, without a copy.
            let plain =
                isURI ? utf8.allSatisfy(HTMLEscaping.isPlainInLink) : !utf8.contains(where: HTMLEscaping.isSpecialInValue)
            guard plain else { return false }
            bytes.append(0x22)
            bytes.append(contentsOf: utf8)
            bytes.append(0x22)
            return true
        }
        if done { return }
        var encoded = HTMLEscaping.attributeEntities(HTMLTree.cString(value))
        if isURI {
            encoded = HTMLEscaping.uriEscaped(HTMLEscaping.droppingLeadingBlanks(encoded))
        }
        HTMLEscaping.appendQuoted(encoded, to: &bytes)
    }

    /// Text outside `script` and `style`: `<`, `>` and `&` as entities, control characters
    /// other than tab, line feed and carriage return dropped.
    private mutating func escapeText(_ text: String) {
        HTMLEscaping.appendText(text, to: &bytes)
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    private mutating func appendCString(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            if let nul = utf8.firstIndex(of: 0) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<nul]))
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }
}
