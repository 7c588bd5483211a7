/// The libxml2 document fleetwx built pages with before issue 13, kept here unchanged but for
/// its name: the reference the native tree's serialiser is checked against
/// (`HTMLSerializerAgreementTests`), byte for byte.
import CLibXML2
import FleetHTML

/// (Reference) An HTML document built with libxml2's tree API.
///
/// Why a DOM and not string concatenation: every piece of text from a schedule or from
/// WeatherKit goes in as a text node or an attribute value, which libxml2 escapes when it
/// serialises, so no data can ever become markup. This module deliberately does not import
/// Foundation (Debian's ICU-enabled libxml2 and Foundation's ICU clash in one module).
///
/// Not Sendable: libxml2 documents must not be shared between threads. Create, fill and
/// serialise one inside a single function.
final class ReferenceDocument {
    let doc: htmlDocPtr
    /// The template's name, for error messages.
    let name: String
    /// Slot name → its first element, found in the one walk of the template that also refuses
    /// nested slots: pages look slots up after filling others (the index's 10,000-row table among them),
    /// and a search per lookup would walk that content each time. Generated content never
    /// carries `data-slot`, so the index stays right.
    private let slotIndex: [String: xmlNodePtr]

    /// Parses a template.
    ///
    /// A template with one `data-slot` element inside another is refused: filling the outer
    /// slot frees the inner one, which the report would then write into (freed memory; the
    /// attribution footer once vanished that way).
    ///
    /// - Parameters:
    ///   - template: The template's HTML text (UTF-8).
    ///   - name: A name for messages (`index.html`).
    /// - Throws: ``HTMLError/unparsableTemplate(name:)``, ``HTMLError/nestedSlot(template:outer:inner:)``.
    init(template: String, name: String) throws(HTMLError) {
        ReferenceLibXML.prepare()
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let parsed = template.withCString { text in
            htmlReadMemory(text, Int32(template.utf8.count), name, "UTF-8", options)
        }
        guard let parsed, let root = xmlDocGetRootElement(parsed) else {
            if let parsed { xmlFreeDoc(parsed) }
            throw .unparsableTemplate(name: name)
        }
        var index: [String: xmlNodePtr] = [:]
        if let (outer, inner) = Self.indexSlots(under: root, outer: nil, into: &index) {
            xmlFreeDoc(parsed)
            throw .nestedSlot(template: name, outer: outer, inner: inner)
        }
        doc = parsed
        self.name = name
        slotIndex = index
    }

    /// Indexes every `data-slot` element by name (the first of each name, in document order) in
    /// one walk of the template, which also finds a slot nested inside another (filling the
    /// outer one would free the inner): that one is returned as (outer, inner) slot names.
    private static func indexSlots(
        under node: xmlNodePtr, outer: String?, into index: inout [String: xmlNodePtr]
    ) -> (String, String)? {
        var enclosing = outer
        if let value = xmlGetProp(node, "data-slot") {
            defer { clibxml2_free(value) }
            let slot = String(cString: value)
            if let outer { return (outer, slot) }
            if index[slot] == nil { index[slot] = node }
            enclosing = slot
        }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE,
                let found = indexSlots(under: current, outer: enclosing, into: &index)
            {
                return found
            }
            child = current.pointee.next
        }
        return nil
    }

    deinit {
        xmlFreeDoc(doc)
    }

    /// The document's root element.
    var root: ReferenceNode? {
        xmlDocGetRootElement(doc).map { ReferenceNode($0, document: self) }
    }

    /// The first element carrying `data-slot="name"`: where the report puts generated content.
    ///
    /// - Parameter slot: The slot name.
    /// - Returns: The element.
    /// - Throws: ``HTMLError/missingSlot(template:slot:)`` when the template lacks it.
    func slot(_ slot: String) throws(HTMLError) -> ReferenceNode {
        guard let found = slotIndex[slot] else { throw .missingSlot(template: name, slot: slot) }
        return ReferenceNode(found, document: self)
    }

    /// Serialises the document as HTML.
    ///
    /// - Returns: The page text, starting with the doctype.
    /// - Throws: ``HTMLError/serializationFailed``.
    func render() throws(HTMLError) -> String {
        // Serialised as UTF-8 through an output buffer without an encoder: htmlDocDumpMemory
        // only honours an http-equiv charset, so with the templates' <meta charset="utf-8"> it
        // falls back to its "HTML" encoder, which writes every non-ASCII character as an entity,
        // also inside <style> and <script>, where entities are not decoded.
        guard let output = xmlAllocOutputBuffer(nil) else { throw .serializationFailed }
        defer { xmlOutputBufferClose(output) }
        htmlDocContentDumpFormatOutput(output, doc, "UTF-8", 0)
        xmlOutputBufferFlush(output)
        guard output.pointee.error == 0, let content = xmlOutputBufferGetContent(output) else {
            throw .serializationFailed
        }
        let bytes = UnsafeBufferPointer(start: content, count: Int(xmlOutputBufferGetSize(output)))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One-time libxml2 set-up.
enum ReferenceLibXML {
    /// `xmlInitParser` must run once before any other use; Swift runs a static initialiser
    /// exactly once, thread-safely.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// Initialises libxml2 if needed and silences its stderr error printer on this thread.
    static func prepare() {
        _ = initialised
        clibxml2_silence_errors()
    }
}
