internal import CLibXML2
internal import Synchronization

/// What HTML says about tags and attributes, as libxml2's serialiser applied it: which
/// elements have no end tag, which attributes are written without a value, which are links.
enum HTMLRules {
    /// How an element ends.
    enum EndTag: UInt8 {
        /// `</tag>` always.
        case written
        /// A void element (`br`, `img`, `meta`…): no end tag and no content.
        case void
        /// An element whose end tag HTML lets go (`li`), written without one when empty.
        case omittedWhenEmpty
    }

    /// The rule for a tag, from libxml2's own element table (`htmlTagLookup`), kept per tag
    /// name so each name is looked up once per process.
    static func endTag(_ tag: String) -> EndTag {
        if let known = commonTags[tag] { return known }
        if let known = cache.withLock({ $0[tag] }) { return known }
        let rule = lookUp(tag)
        cache.withLock { $0[tag] = rule }
        return rule
    }

    /// The rules of the tags pages use, looked up once (read without a lock by every thread).
    private static let commonTags: [String: EndTag] = Dictionary(
        uniqueKeysWithValues: commonTagNames.map { ($0, lookUp($0)) })

    private static let commonTagNames = [
        "a", "abbr", "area", "article", "aside", "b", "base", "body", "br", "button", "caption", "circle", "code",
        "col", "colgroup", "dd", "defs", "details", "div", "dl", "dt", "em", "figcaption", "figure", "footer",
        "form", "g", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "i", "img", "input",
        "label", "li", "line", "link", "main", "meta", "nav", "ol", "option", "p", "path", "polygon", "polyline",
        "rect", "script", "section", "select", "small", "span", "strong", "style", "sub", "summary", "sup", "svg",
        "symbol", "table", "tbody", "td", "template", "text", "tfoot", "th", "thead", "time", "title", "tr",
        "tspan", "ul", "use",
    ]

    /// Tags outside ``commonTags`` (a user's template may hold any), looked up on first use.
    private static let cache = Mutex<[String: EndTag]>([:])

    private static func lookUp(_ tag: String) -> EndTag {
        guard let description = htmlTagLookup(HTMLTree.cString(tag)) else { return .written }
        if description.pointee.empty != 0 { return .void }
        if description.pointee.saveEndTag != 0 {
            let name = String(cString: description.pointee.name)
            return name == "html" || name == "body" ? .written : .omittedWhenEmpty
        }
        return .written
    }

    /// HTML 4's boolean attributes (libxml2's `htmlIsBooleanAttr`, any case): written as the
    /// name alone, whatever their value.
    static func isBooleanAttribute(_ name: String) -> Bool {
        let count = name.utf8.count
        guard count >= 5, count <= 8 else { return false }
        return booleanAttributes.contains(name.lowercased())
    }

    private static let booleanAttributes: Set<String> = [
        "checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref", "noresize",
        "noshade", "nowrap", "readonly", "selected",
    ]

    /// Attributes libxml2 percent-escaped as links: `href`, `action`, `src` on any element and
    /// `name` on `a` (any case).
    static func isURIAttribute(_ name: String, elementTag: String) -> Bool {
        switch name.utf8.count {
        case 3: return name.lowercased() == "src"
        case 4:
            let lower = name.lowercased()
            return lower == "href" || (lower == "name" && elementTag.lowercased() == "a")
        case 6: return name.lowercased() == "action"
        default: return false
        }
    }

    /// `script` and `style` hold raw text: libxml2 wrote their text unescaped.
    static func isRawTextParent(_ tag: String) -> Bool {
        let count = tag.utf8.count
        guard count == 5 || count == 6 else { return false }
        let lower = tag.lowercased()
        return lower == "script" || lower == "style"
    }
}
