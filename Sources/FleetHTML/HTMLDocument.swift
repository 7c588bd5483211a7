internal import CLibXML2

/// An HTML page being built: a copy of a parsed ``HTMLTemplate`` that the report fills.
///
/// Why a DOM and not string concatenation: every piece of text from a schedule or from
/// WeatherKit goes in as a text node or an attribute value, which ``HTMLSerializer`` escapes
/// when it writes the page, so no data can ever become markup. The tree is native Swift
/// (``HTMLTree``) rather than libxml2's: libxml2 still parses templates and pages read back,
/// but building 25,000 route pages of libxml2 nodes spent most of the run in `malloc`; the
/// serialiser writes exactly the bytes libxml2's wrote (docs/performance.md, "Pages").
///
/// Not Sendable: create, fill and serialise one inside a single function.
public final class HTMLDocument {
    var tree: HTMLTree
    /// The template's name, for error messages.
    public let name: String
    /// Slot name → its first element, found when the template was parsed. Generated content
    /// never carries `data-slot`, so the index stays right however much is added.
    private let slotIndex: [String: Int32]

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
        tree = template.tree
        name = template.name
        slotIndex = template.slots
    }

    /// The document's root element.
    public var root: HTMLNode? {
        var child = tree.nodes[0].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .element { return HTMLNode(child, document: self) }
            child = tree.nodes[Int(child)].next
        }
        return nil
    }

    /// The first element carrying `data-slot="name"`: where the report puts generated content.
    ///
    /// - Parameter slot: The slot name.
    /// - Returns: The element.
    /// - Throws: ``HTMLError/missingSlot(template:slot:)`` when the template lacks it.
    public func slot(_ slot: String) throws(HTMLError) -> HTMLNode {
        guard let found = slotIndex[slot] else { throw .missingSlot(template: name, slot: slot) }
        return HTMLNode(found, document: self)
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
        var serializer = HTMLSerializer(capacity: estimatedSize)
        serializer.writeDocument(tree)
        return serializer.bytes
    }

    /// A first guess at the page's size, so its buffer is rarely regrown.
    private var estimatedSize: Int {
        tree.nodes.count * 48 + tree.attributes.count * 24 + 4096
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
