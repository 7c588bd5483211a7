internal import CLibXML2

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

    /// The rule for a tag: the void elements and `li` of libxml2's HTML 4 element table (the
    /// only entries with `empty` or `saveEndTag` set), matched without regard to ASCII case as
    /// `htmlTagLookup` did. Checked against libxml2 itself for every tag of that table
    /// (`HTMLRulesTests`); no lookup table, no hashing: it runs for every element written.
    static func endTag(_ tag: String) -> EndTag {
        let utf8 = tag.utf8
        switch utf8.count {
        case 2:
            if same(utf8, "br") || same(utf8, "hr") { return .void }
            return same(utf8, "li") ? .omittedWhenEmpty : .written
        case 3: return same(utf8, "col") || same(utf8, "img") ? .void : .written
        case 4:
            return same(utf8, "area") || same(utf8, "base") || same(utf8, "link") || same(utf8, "meta")
                ? .void : .written
        case 5: return same(utf8, "frame") || same(utf8, "input") || same(utf8, "param") ? .void : .written
        case 7: return same(utf8, "isindex") ? .void : .written
        case 8: return same(utf8, "basefont") ? .void : .written
        default: return .written
        }
    }

    /// The rule libxml2's element table gives (what ``endTag(_:)`` reproduces), for the check.
    static func libxml2EndTag(_ tag: String) -> EndTag {
        guard let description = htmlTagLookup(HTMLTree.cString(tag)) else { return .written }
        if description.pointee.empty != 0 { return .void }
        if description.pointee.saveEndTag != 0 {
            let name = String(cString: description.pointee.name)
            return name == "html" || name == "body" ? .written : .omittedWhenEmpty
        }
        return .written
    }

    /// Whether `utf8` spells `lower` (lower-case ASCII letters) in any case. Setting bit 5 maps
    /// an upper-case letter to its lower case and no byte but the two cases onto a letter.
    @inline(__always)
    static func same(_ utf8: String.UTF8View, _ lower: StaticString) -> Bool {
        guard utf8.count == lower.utf8CodeUnitCount else { return false }
        return lower.withUTF8Buffer { target in
            var index = 0
            for byte in utf8 {
                if byte | 0x20 != target[index] { return false }
                index += 1
            }
            return true
        }
    }

    /// HTML 4's boolean attributes (libxml2's `htmlIsBooleanAttr`, any case): written as the
    /// name alone, whatever their value.
    static func isBooleanAttribute(_ name: String) -> Bool {
        let utf8 = name.utf8
        switch utf8.count {
        case 5: return same(utf8, "defer") || same(utf8, "ismap")
        case 6: return same(utf8, "nohref") || same(utf8, "nowrap")
        case 7: return same(utf8, "checked") || same(utf8, "compact") || same(utf8, "declare") || same(utf8, "noshade")
        case 8:
            return same(utf8, "disabled") || same(utf8, "multiple") || same(utf8, "noresize") || same(utf8, "readonly")
                || same(utf8, "selected")
        default: return false
        }
    }

    /// Attributes libxml2 percent-escaped as links: `href`, `action`, `src` on any element and
    /// `name` on `a` (any case).
    static func isURIAttribute(_ name: String, elementTag: String) -> Bool {
        let utf8 = name.utf8
        switch utf8.count {
        case 3: return same(utf8, "src")
        case 4: return same(utf8, "href") || (same(utf8, "name") && same(elementTag.utf8, "a"))
        case 6: return same(utf8, "action")
        default: return false
        }
    }

    /// `script` and `style` hold raw text: libxml2 wrote their text unescaped.
    static func isRawTextParent(_ tag: String) -> Bool {
        let utf8 = tag.utf8
        return same(utf8, "script") || same(utf8, "style")
    }
}
