internal import CLibXML2

/// An HTML page being built on a parsed ``HTMLTemplate``.
///
/// Why a DOM and not string concatenation: every piece of text from a schedule or from
/// WeatherKit goes in as a text node or an attribute value through ``HTMLNode``, and is escaped
/// as it is written, so no data can ever become markup. Nothing else writes to a page: there is
/// no call that takes markup as a string.
///
/// What a page adds is written as it is built, in document order, under the template's
/// elements (its slots, its `body`): one ``HTMLStream`` of bytes each, not a tree of nodes
/// walked again afterwards. The template was written out once per run; ``renderBytes()``
/// copies it with each stream in its element. The bytes are exactly those libxml2's serialiser
/// wrote for the same tree (docs/performance.md, "Pages"; `HTMLSerializerAgreementTests`).
///
/// Not Sendable: create, fill and serialise one inside a single function.
public final class HTMLDocument {
    let template: HTMLTemplate
    /// The template's name, for error messages.
    public var name: String { template.name }
    /// The template elements something was added under, and what was.
    var anchors: [Int32] = []
    var streams: [HTMLStream] = []
    /// Attributes set on template elements (rare: tests), by element.
    var templateAttributes: [Int32: [(String, String?)]] = [:]

    /// Parses a template and opens a page on it.
    ///
    /// - Parameters:
    ///   - template: The template's HTML text (UTF-8).
    ///   - name: A name for messages (`index.html`).
    /// - Throws: ``HTMLError/unparsableTemplate(name:)``, ``HTMLError/nestedSlot(template:outer:inner:)``.
    public convenience init(template: String, name: String) throws(HTMLError) {
        self.init(try HTMLTemplate(parsing: template, name: name))
    }

    /// Opens a page on a template parsed before (once per run).
    ///
    /// - Parameter template: The template.
    public init(_ template: HTMLTemplate) {
        self.template = template
    }

    /// The document's root element (`html`).
    public var root: HTMLNode? {
        template.rootElement.map { HTMLNode(stream: stream(for: $0), serial: 0, document: self) }
    }

    /// The `body` element: what is added to it goes after its content.
    public var body: HTMLNode? {
        template.body.map { HTMLNode(stream: stream(for: $0), serial: 0, document: self) }
    }

    /// The first element carrying `data-slot="name"`: where the report puts generated content.
    ///
    /// - Parameter slot: The slot name.
    /// - Returns: The element.
    /// - Throws: ``HTMLError/missingSlot(template:slot:)`` when the template lacks it.
    public func slot(_ slot: String) throws(HTMLError) -> HTMLNode {
        guard let found = template.slots[slot] else { throw .missingSlot(template: name, slot: slot) }
        return HTMLNode(stream: stream(for: found), serial: 0, document: self)
    }

    /// The stream of a template element, made on first use.
    private func stream(for element: Int32) -> Int {
        if let index = anchors.firstIndex(of: element) { return index }
        anchors.append(element)
        streams.append(HTMLStream(parentTag: template.tree.nodes[Int(element)].name))
        return streams.count - 1
    }

    /// The template element a stream belongs to.
    func anchorTag(_ stream: Int) -> String {
        template.tree.nodes[Int(anchors[stream])].name
    }

    /// Serialises the document as HTML.
    ///
    /// - Returns: The page text, starting with the doctype.
    /// - Throws: Nothing today; kept throwing for callers written when libxml2 serialised.
    public func render() throws(HTMLError) -> String {
        String(decoding: renderBytes(), as: UTF8.self)
    }

    /// Serialises the document as UTF-8 bytes (what a page file holds), without the copy into a
    /// `String`.
    ///
    /// - Returns: The page's bytes, starting with the doctype.
    public func renderBytes() -> [UInt8] {
        var out: [UInt8] = []
        render(into: &out)
        return out
    }

    /// Appends the page's bytes to `out` (a writer reuses one buffer for many pages).
    ///
    /// - Parameter out: The buffer.
    public func render(into out: inout [UInt8]) {
        for index in streams.indices { streams[index].finish() }
        out.reserveCapacity(out.count + template.bytes.count + streams.reduce(0) { $0 + $1.bytes.count })
        // Each stream goes after its element's content, or in place of it when cleared; a start
        // tag whose attributes were set is written again. An element inside one that was cleared
        // is gone, with whatever was added to it (its events fall behind the cursor).
        var events: [(position: Int, stream: Int, isStartTag: Bool)] = []
        for index in streams.indices {
            let range = template.ranges[Int(anchors[index])]
            if templateAttributes[anchors[index]] != nil { events.append((range.start, index, true)) }
            events.append((streams[index].cleared ? range.contentStart : range.contentEnd, index, false))
        }
        events.sort { $0.position < $1.position }
        var cursor = 0
        template.bytes.withUnsafeBufferPointer { bytes in
            for event in events where event.position >= cursor {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<event.position]))
                let element = anchors[event.stream]
                let range = template.ranges[Int(element)]
                let tag = template.tree.nodes[Int(element)].name
                if event.isStartTag {
                    HTMLStream.writeStartTag(tag, templateAttributes[element] ?? [], to: &out)
                    cursor = range.contentStart
                    continue
                }
                let stream = streams[event.stream]
                cursor = event.position
                switch HTMLRules.endTag(tag) {
                case .void: break  // libxml2 wrote no content in a void element
                case .written:
                    out.append(contentsOf: stream.bytes)
                    cursor = range.contentEnd
                case .omittedWhenEmpty:
                    out.append(contentsOf: stream.bytes)
                    let kept = !stream.cleared && template.tree.nodes[Int(element)].firstChild >= 0
                    if stream.hasChildren || kept {
                        out.append(contentsOf: [0x3C, 0x2F])
                        HTMLSerializer.append(tag, to: &out)
                        out.append(0x3E)
                    }
                    cursor = range.end
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor...]))
        }
    }
}

/// One-time libxml2 set-up.
enum LibXML {
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
