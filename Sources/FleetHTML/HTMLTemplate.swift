internal import CLibXML2

/// A parsed page template: parsed once by libxml2's HTML parser (the same parser, options and
/// tolerance as ever), then held as a native ``HTMLTree`` that every page copies.
///
/// Parsing a 5 KB template for each of 25,000 route pages was a large share of writing them;
/// a template is now parsed once per run. Sendable: it is immutable, and each page gets its own
/// copy of the tree.
public struct HTMLTemplate: Sendable {
    /// The template's name, for error messages.
    public let name: String
    let tree: HTMLTree
    /// Slot name → its first element (document order).
    let slots: [String: Int32]
    /// The template written out once, and where each element lies in it: a page copies these
    /// bytes and puts its content into them (``HTMLDocument/renderBytes()``).
    let bytes: [UInt8]
    let ranges: [HTMLSerializer.ElementRange]
    /// The `body` element, where pages add what belongs at the end of the page.
    let body: Int32?

    /// Parses a template.
    ///
    /// A template with one `data-slot` element inside another is refused: filling the outer
    /// slot would drop the inner one, and whatever the report wrote into it (the attribution
    /// footer once vanished that way).
    ///
    /// - Parameters:
    ///   - text: The template's HTML text (UTF-8).
    ///   - name: A name for messages (`index.html`).
    /// - Throws: ``HTMLError/unparsableTemplate(name:)``, ``HTMLError/nestedSlot(template:outer:inner:)``.
    public init(parsing text: String, name: String) throws(HTMLError) {
        let tree = try LibXMLImport.parse(text, name: name)
        var slots: [String: Int32] = [:]
        if let (outer, inner) = Self.indexSlots(tree, under: 0, outer: nil, into: &slots) {
            throw .nestedSlot(template: name, outer: outer, inner: inner)
        }
        self.init(name: name, tree: tree, slots: slots)
    }

    init(name: String, tree: HTMLTree, slots: [String: Int32]) {
        self.name = name
        self.tree = tree
        self.slots = slots
        var serializer = HTMLSerializer(capacity: 4096)
        ranges = serializer.writeDocument(tree)
        bytes = serializer.bytes
        body = Self.firstElement("body", in: tree, under: 0)
    }

    /// The first element named `tag` (lower case; the element's name in any case), depth first.
    static func firstElement(_ tag: StaticString, in tree: HTMLTree, under node: Int32) -> Int32? {
        var child = tree.nodes[Int(node)].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .element {
                if HTMLRules.same(tree.nodes[Int(child)].name.utf8, tag) { return child }
                if let found = firstElement(tag, in: tree, under: child) { return found }
            }
            child = tree.nodes[Int(child)].next
        }
        return nil
    }

    /// The document's root element.
    var rootElement: Int32? {
        var child = tree.nodes[0].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .element { return child }
            child = tree.nodes[Int(child)].next
        }
        return nil
    }

    /// Indexes every `data-slot` element by name (the first of each name) in one walk, which
    /// also finds a slot nested inside another: returned as (outer, inner) slot names.
    private static func indexSlots(
        _ tree: HTMLTree, under node: Int32, outer: String?, into index: inout [String: Int32]
    ) -> (String, String)? {
        var enclosing = outer
        if tree.nodes[Int(node)].kind == .element, let slot = tree.attribute("data-slot", of: node) {
            if let outer { return (outer, slot) }
            if index[slot] == nil { index[slot] = node }
            enclosing = slot
        }
        var child = tree.nodes[Int(node)].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .element,
                let found = indexSlots(tree, under: child, outer: enclosing, into: &index)
            {
                return found
            }
            child = tree.nodes[Int(child)].next
        }
        return nil
    }
}

/// Copies a libxml2 tree into an ``HTMLTree``.
enum LibXMLImport {
    /// Parses HTML text with libxml2's HTML parser (the same options and tolerance as ever)
    /// into a native tree.
    static func parse(_ text: String, name: String) throws(HTMLError) -> HTMLTree {
        LibXML.prepare()
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let parsed = text.withCString { bytes in
            htmlReadMemory(bytes, Int32(text.utf8.count), name, "UTF-8", options)
        }
        guard let parsed, xmlDocGetRootElement(parsed) != nil else {
            if let parsed { xmlFreeDoc(parsed) }
            throw .unparsableTemplate(name: name)
        }
        defer { xmlFreeDoc(parsed) }
        var tree = HTMLTree()
        tree.doctype = doctype(of: parsed)
        children(
            of: UnsafeMutableRawPointer(parsed).assumingMemoryBound(to: xmlNode.self),
            document: parsed, into: &tree, parent: 0)
        return tree
    }

    /// The doctype as libxml2 wrote it (`htmlDtdDumpOutput`), with its line break; libxml2
    /// gives a template without one the HTML 4.0 Transitional doctype.
    static func doctype(of document: htmlDocPtr) -> String {
        guard let dtd = document.pointee.intSubset else { return "" }
        var bytes: [UInt8] = Array("<!DOCTYPE ".utf8)
        if let name = dtd.pointee.name { bytes += Array(String(cString: name).utf8) }
        let systemID = dtd.pointee.SystemID.map { String(cString: $0) }
        if let externalID = dtd.pointee.ExternalID.map({ String(cString: $0) }) {
            bytes += Array(" PUBLIC ".utf8)
            HTMLEscaping.appendQuoted(Array(externalID.utf8), to: &bytes)
            if let systemID {
                bytes.append(0x20)
                HTMLEscaping.appendQuoted(Array(systemID.utf8), to: &bytes)
            }
        } else if let systemID, systemID != "about:legacy-compat" {
            bytes += Array(" SYSTEM ".utf8)
            HTMLEscaping.appendQuoted(Array(systemID.utf8), to: &bytes)
        }
        bytes += Array(">\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Copies the children of `node` under `parent`.
    static func children(of node: xmlNodePtr, document: htmlDocPtr, into tree: inout HTMLTree, parent: Int32) {
        var child = node.pointee.children
        while let current = child {
            copy(current, document: document, into: &tree, parent: parent)
            child = current.pointee.next
        }
    }

    private static func copy(_ node: xmlNodePtr, document: htmlDocPtr, into tree: inout HTMLTree, parent: Int32) {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let element = tree.append(.element, text(node.pointee.name), to: parent)
            var attribute = node.pointee.properties
            while let current = attribute {
                let value = current.pointee.children.map { _ -> String in
                    guard let raw = xmlNodeListGetString(document, current.pointee.children, 1) else { return "" }
                    defer { clibxml2_free(raw) }
                    return String(cString: raw)
                }
                tree.appendAttribute(text(current.pointee.name), value, on: element)
                attribute = current.pointee.next
            }
            children(of: node, document: document, into: &tree, parent: element)
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            tree.append(.text, text(node.pointee.content), to: parent)
        case XML_COMMENT_NODE:
            tree.append(.comment, text(node.pointee.content), to: parent)
        case XML_DTD_NODE:
            break  // written as the doctype
        default:
            // A processing instruction, say: not content a reader sees (xmlNodeGetContent skipped it).
            tree.append(.markup, dump(node, document: document), to: parent)
        }
    }

    /// A node as libxml2 serialises it (kinds the native tree has no case for).
    private static func dump(_ node: xmlNodePtr, document: htmlDocPtr) -> String {
        guard let output = xmlAllocOutputBuffer(nil) else { return "" }
        defer { xmlOutputBufferClose(output) }
        htmlNodeDumpFormatOutput(output, document, node, "UTF-8", 0)
        xmlOutputBufferFlush(output)
        guard let content = xmlOutputBufferGetContent(output) else { return "" }
        return String(
            decoding: UnsafeBufferPointer(start: content, count: Int(xmlOutputBufferGetSize(output))), as: UTF8.self)
    }

    private static func text(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}
