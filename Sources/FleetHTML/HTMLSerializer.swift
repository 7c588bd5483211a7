/// Writes an ``HTMLTree`` as HTML text, byte for byte as libxml2's HTML serialiser
/// (`htmlDocContentDumpFormatOutput`, unformatted, UTF-8) wrote the same tree, so pages kept
/// their exact bytes when the libxml2 tree was replaced (docs/performance.md, "Pages"). A test
/// builds random documents both ways and compares (`HTMLSerializerAgreementTests`).
///
/// Escaping is what makes data safe: text and attribute values always go through
/// ``HTMLEscaping``, so no data becomes markup.
struct HTMLSerializer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Where an element's parts lie in the written bytes (a template's, so that a page can
    /// put its content into them: ``HTMLDocument``).
    struct ElementRange {
        /// The `<` of the start tag.
        var start = 0
        /// Just after the start tag.
        var contentStart = 0
        /// Just after the last child (where the end tag begins).
        var contentEnd = 0
        /// Just after the end tag (`contentEnd` when there is none).
        var end = 0
    }

    /// The whole document: doctype, content, and the newline libxml2 ends a document with.
    /// Returns where each element lies (indexed by node; unset for other nodes).
    @discardableResult
    mutating func writeDocument(_ tree: HTMLTree) -> [ElementRange] {
        Self.append(tree.doctype, to: &bytes)
        let ranges = tree.nodes.withUnsafeBufferPointer { nodes in
            tree.attributes.withUnsafeBufferPointer { attributes in
                var writer = Writer(nodes: nodes, attributes: attributes)
                writer.ranges = Array(repeating: ElementRange(), count: nodes.count)
                // The buffer moves into the walk and back (a copy would be copied on write).
                swap(&writer.out, &bytes)
                writer.children(of: 0, rawText: false)
                swap(&writer.out, &bytes)
                return writer.ranges
            }
        }
        bytes.append(0x0A)
        return ranges
    }

    /// The walk, over the tree's storage without copying a node (a copy retains its strings).
    private struct Writer {
        let nodes: UnsafeBufferPointer<HTMLTree.Node>
        let attributes: UnsafeBufferPointer<HTMLTree.Attribute>
        var out: [UInt8] = []
        var ranges: [ElementRange] = []

        mutating func children(of node: Int32, rawText: Bool) {
            var child = nodes[Int(node)].firstChild
            while child >= 0 {
                write(child, rawText: rawText)
                child = nodes[Int(child)].next
            }
        }

        private mutating func write(_ index: Int32, rawText: Bool) {
            switch nodes[Int(index)].kind {
            case .document:
                children(of: index, rawText: false)
            case .text:
                if rawText {
                    HTMLSerializer.appendCString(nodes[Int(index)].name, to: &out)
                } else {
                    HTMLEscaping.appendText(nodes[Int(index)].name, to: &out)
                }
            case .comment:
                HTMLSerializer.append("<!--", to: &out)
                HTMLSerializer.appendCString(nodes[Int(index)].name, to: &out)
                HTMLSerializer.append("-->", to: &out)
            case .markup:
                HTMLSerializer.append(nodes[Int(index)].name, to: &out)
            case .element:
                element(index)
            }
        }

        private mutating func element(_ index: Int32) {
            let tag = nodes[Int(index)].name
            ranges[Int(index)].start = out.count
            out.append(0x3C)  // <
            HTMLSerializer.append(tag, to: &out)
            var attribute = nodes[Int(index)].firstAttribute
            while attribute >= 0 {
                let current = attributes[Int(attribute)]
                HTMLSerializer.writeAttribute(name: current.name, value: current.value, elementTag: tag, to: &out)
                attribute = current.next
            }
            out.append(0x3E)  // >
            ranges[Int(index)].contentStart = out.count
            defer { ranges[Int(index)].end = out.count }
            let rule = HTMLRules.endTag(tag)
            if rule == .void || (rule == .omittedWhenEmpty && nodes[Int(index)].firstChild < 0) {
                ranges[Int(index)].contentEnd = out.count
                return
            }
            children(of: index, rawText: HTMLRules.isRawTextParent(tag))
            ranges[Int(index)].contentEnd = out.count
            out.append(0x3C)
            out.append(0x2F)
            HTMLSerializer.append(tag, to: &out)
            out.append(0x3E)
        }
    }

    /// ` name="value"`: boolean attributes by name alone, link attributes percent-escaped, the
    /// quotes chosen by what the value holds.
    static func writeAttribute(name: String, value: String?, elementTag: String, to bytes: inout [UInt8]) {
        bytes.append(0x20)
        append(name, to: &bytes)
        guard let value, !HTMLRules.isBooleanAttribute(name) else { return }
        bytes.append(0x3D)  // =
        let isURI = HTMLRules.isURIAttribute(name, elementTag: elementTag)
        var utf8Value = value
        let done = utf8Value.withUTF8 { utf8 in
            // Most values need nothing: written in double quotes as they are, without a copy.
            let plain =
                isURI
                ? utf8.allSatisfy(HTMLEscaping.isPlainInLink) : !utf8.contains(where: HTMLEscaping.isSpecialInValue)
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

    static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    static func appendCString(_ text: String, to bytes: inout [UInt8]) {
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
