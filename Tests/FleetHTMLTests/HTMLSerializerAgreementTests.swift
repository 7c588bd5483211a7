import FleetHTML
import Foundation
import Testing

/// The native tree must write exactly the bytes libxml2 wrote for the same document: the pages
/// of every report stayed byte for byte the same when it replaced libxml2's tree. Random
/// documents are built the same way on both (``ReferenceDocument`` is the libxml2 document of
/// before) and compared whole, with the texts that libxml2 treated specially.
@Suite("HTML serialiser agrees with libxml2")
struct HTMLSerializerAgreementTests {
    /// Texts and attribute values that exercise every escaping rule.
    static let texts = [
        "plain", "", " ", "Zürich → 東京 ✈", "a<b>c", "x & y", "&amp; already", "\"double\"", "'single'",
        "both \" and '", "<!-- comment -->", "<!-- never closed", "a <!-- ssi --> b", "&{script}", "&{open",
        "tab\tline\nreturn\r", "bell\u{07}and\u{1F}unit", "nul\u{0}after", " \t leading blanks", "javascript:alert(1)",
        "https://example.com/a b?x=1&y=[2]{3}|\\^`", "%20 already", "data:image/png;base64,iVBORw0K+/=",
        "<script>alert(1)</script>", "\u{7F}delete", "é\u{301} combining", "😀 emoji", ">", "<", "&",
    ]
    static let tags = [
        "div", "span", "p", "li", "LI", "br", "Br", "img", "meta", "input", "hr", "col", "script", "style", "STYLE",
        "svg", "path", "use", "title", "a", "A", "td", "tr", "table", "html", "body", "head", "custom-tag", "template",
        "option", "dd", "dt", "tbody", "embed", "source", "wbr", "param", "textarea", "pre", "area", "base",
    ]
    static let attributeNames = [
        "class", "href", "HREF", "src", "action", "name", "Name", "title", "data-x", "checked", "DISABLED", "selected",
        "open", "style", "id", "aria-label", "xmlns", "xlink:href", "defer", "nowrap", "value",
    ]

    static let templates: [String] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates")
        let bundled = ["index.html", "route.html", "station.html"].compactMap {
            try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }
        return bundled + [
            "<html><body><main data-slot=\"main\"></main></body></html>",
            "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\">"
                + "<html><body data-slot=\"main\"></body></html>",
            "<!DOCTYPE html SYSTEM \"about:legacy-compat\"><html><body data-slot=\"main\"></body></html>",
            "<!doctype HTML><HTML><Body><!-- a comment --><?php echo 1 ?><details open><summary>s</summary></details>"
                + "<p>&nbsp;&lt;&amp;&#x41;&copy;</p><div data-slot=\"main\" title='q\"uote'></div><ul><li>one<li>two</ul>"
                + "<script>if (a < b && c > d) {}</script><style>p > a { x: '&' }</style></Body></HTML>",
            "<p>no html element <b>at all",
            "<html><body><main data-slot=\"main\"><img src=\" spaced.png\"><a href=\"a b.html\" name=\"x y\">l</a>"
                + "<form action=\"/go?x=1&amp;y=é\"></form><input disabled=\"disabled\" checked></main></body></html>",
        ]
    }()

    @Test("every template reads back to the bytes libxml2 writes for it")
    func templatesRoundTrip() throws {
        #expect(Self.templates.count >= 9, "the bundled templates were not found")
        for (number, template) in Self.templates.enumerated() {
            let native = try HTMLDocument(template: template, name: "t\(number)")
            let reference = try ReferenceDocument(template: template, name: "t\(number)")
            #expect(try native.render() == reference.render(), "template \(number)")
            let read = try ParsedHTML(template, name: "t\(number)")
            #expect(read.root?.textContent == reference.root?.textContent, "template \(number)")
        }
    }

    /// An element both documents are writing into, and whether it has a child yet (a page
    /// sets attributes before that).
    private struct Open {
        let node: HTMLNode
        let other: ReferenceNode
        var hasChildren = false
    }

    /// Random documents, built in document order as pages are: each step adds to the template
    /// element (the root or the `main` slot) or to one of the elements still open under it,
    /// which closes those opened inside that one.
    @Test("random documents render the same bytes", arguments: 0..<8)
    func randomDocuments(batch: Int) throws {
        var random = SplitMix(seed: UInt64(batch) &* 0x9E37_79B9 &+ 17)
        for round in 0..<40 {
            let template = Self.templates[random.below(Self.templates.count)]
            let native = try HTMLDocument(template: template, name: "t")
            let reference = try ReferenceDocument(template: template, name: "t")
            var anchors: [[Open]] = []
            if let root = native.root, let other = reference.root { anchors.append([Open(node: root, other: other)]) }
            if let slot = try? native.slot("main"), let other = try? reference.slot("main") {
                anchors.append([Open(node: slot, other: other)])
            }
            try #require(!anchors.isEmpty)
            for _ in 0..<80 {
                let anchor = random.below(anchors.count)
                let depth = random.below(anchors[anchor].count)
                anchors[anchor].removeSubrange((depth + 1)...)
                step(&anchors[anchor], isRoot: anchor == 0 && native.root != nil, random: &random)
            }
            let bytes = try native.render()
            let expected = try reference.render()
            #expect(
                bytes == expected,
                "batch \(batch) round \(round): first difference at \(Self.firstDifference(bytes, expected))")
            let sameBytes = native.renderBytes() == Array(expected.utf8)
            #expect(sameBytes, "renderBytes differs from render in batch \(batch) round \(round)")
        }
    }

    /// One random operation on the last element of `path` (the others are its ancestors).
    private func step(_ path: inout [Open], isRoot: Bool, random: inout SplitMix) {
        let target = path[path.count - 1]
        let (node, other) = (target.node, target.other)
        let isTemplateElement = path.count == 1
        switch random.below(10) {
        case 0, 1, 2, 3:
            let tag = Self.tags[random.below(Self.tags.count)]
            let attributes = (0..<random.below(4)).map { _ in
                (
                    Self.attributeNames[random.below(Self.attributeNames.count)],
                    Self.texts[random.below(Self.texts.count)]
                )
            }
            let text = random.below(3) == 0 ? Self.texts[random.below(Self.texts.count)] : nil
            path[path.count - 1].hasChildren = true
            path.append(
                Open(
                    node: node.element(tag, attributes, text: text), other: other.element(tag, attributes, text: text),
                    hasChildren: !(text ?? "").isEmpty))
        case 4, 5:
            let text = Self.texts[random.below(Self.texts.count)]
            node.text(text)
            other.text(text)
            if !text.isEmpty { path[path.count - 1].hasChildren = true }
        case 6 where isTemplateElement || !target.hasChildren:
            let name = Self.attributeNames[random.below(Self.attributeNames.count)]
            let value = Self.texts[random.below(Self.texts.count)]
            node.set(name, value)
            other.set(name, value)
        case 7:
            let url = Self.texts[random.below(Self.texts.count)]
            let text = Self.texts[random.below(Self.texts.count)]
            let made = node.link(url, text: text, [("rel", "noopener")])
            let madeOther = other.link(url, text: text, [("rel", "noopener")])
            #expect((made == nil) == (madeOther == nil))
            path[path.count - 1].hasChildren = true
            if let made, let madeOther { path.append(Open(node: made, other: madeOther, hasChildren: !text.isEmpty)) }
        case 8 where !(isRoot && isTemplateElement):
            // Never the root: clearing it would free the slot's libxml2 node under a live handle.
            let text = Self.texts[random.below(Self.texts.count)]
            node.setText(text)
            other.setText(text)
            path[path.count - 1].hasChildren = true  // its start tag is written
        default:
            #expect(node.tag == other.tag)
        }
    }

    static func firstDifference(_ left: String, _ right: String) -> String {
        let a = Array(left.utf8)
        let b = Array(right.utf8)
        let offset = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let show = { (bytes: [UInt8]) in
            String(decoding: bytes[max(0, offset - 60)..<min(bytes.count, offset + 60)], as: UTF8.self)
        }
        return "\(offset): \(show(a)) | \(show(b))"
    }
}

/// A small deterministic generator (SplitMix64), so a failing round can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
