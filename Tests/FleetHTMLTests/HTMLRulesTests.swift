import CLibXML2
import Testing

@testable import FleetHTML

/// The serialiser's tag and attribute rules are written out (no table lookup per element);
/// these checks hold them to libxml2's own answers.
@Suite("HTML rules agree with libxml2's tables")
struct HTMLRulesTests {
    /// Every element of HTML 4 (libxml2's table), some of HTML 5 and SVG, and names that are
    /// none of these.
    static let tags = [
        "a", "abbr", "acronym", "address", "applet", "area", "b", "base", "basefont", "bdo", "big", "blockquote",
        "body", "br", "button", "caption", "center", "cite", "code", "col", "colgroup", "dd", "del", "dfn", "dir",
        "div", "dl", "dt", "em", "embed", "fieldset", "font", "form", "frame", "frameset", "h1", "h2", "h3", "h4",
        "h5", "h6", "head", "hr", "html", "i", "iframe", "img", "input", "ins", "isindex", "kbd", "label", "legend",
        "li", "link", "map", "menu", "meta", "noframes", "noscript", "object", "ol", "optgroup", "option", "p",
        "param", "pre", "q", "s", "samp", "script", "select", "small", "span", "strike", "strong", "style", "sub",
        "sup", "table", "tbody", "td", "textarea", "tfoot", "th", "thead", "title", "tr", "tt", "u", "ul", "var",
        "svg", "path", "use", "g", "symbol", "template", "section", "main", "source", "wbr", "track", "details",
        "bR", "BR", "Li", "IMG", "MeTa", "x", "", "brr", "lin", "ar", "lı", "İmg",
    ]

    @Test("end tags: void elements, li, and the rest", arguments: tags)
    func endTags(tag: String) {
        #expect(HTMLRules.endTag(tag) == HTMLRules.libxml2EndTag(tag), "\(tag)")
        #expect(HTMLRules.endTag(tag.uppercased()) == HTMLRules.libxml2EndTag(tag.uppercased()), "\(tag)")
    }

    @Test("boolean attributes are the HTML 4 ones, in any case")
    func booleanAttributes() {
        let names = [
            "checked", "compact", "declare", "defer", "disabled", "ismap", "multiple", "nohref", "noresize", "noshade",
            "nowrap", "readonly", "selected", "open", "hidden", "async", "required", "autofocus", "CHECKED", "Disabled",
            "deferr", "check", "class", "href", "", "selecteD", "nowrap ",
        ]
        for name in names {
            #expect(HTMLRules.isBooleanAttribute(name) == (htmlIsBooleanAttr(name) != 0), "\(name)")
        }
    }
}

@Suite("HTMLFragment")
struct HTMLFragmentTests {
    private func build(_ parent: HTMLNode) {
        parent.element("svg", [("class", "wx"), ("aria-label", "Rain & <wind>")]).element("title", text: "a < b")
        parent.text("between & after")
        parent.element("a", [("href", "https://example.com/a b"), ("name", "x y")], text: "link")
    }

    @Test("a fragment writes what building the same nodes in place writes")
    func sameAsBuilt() throws {
        let template =
            "<html><body><main data-slot=\"main\"></main><script data-slot=\"script\"></script></body></html>"
        let fragment = HTMLFragment(context: "main") { build($0) }
        let direct = try HTMLDocument(template: template, name: "t")
        build(try direct.slot("main"))
        build(try direct.slot("script"))
        let reused = try HTMLDocument(template: template, name: "t")
        try reused.slot("main").append(fragment)
        // Inside script the text is raw: the fragment's nodes are copied in instead.
        try reused.slot("script").append(fragment)
        #expect(try reused.render() == direct.render())
        let main = try ParsedHTML(try reused.render(), name: "t").slot("main")
        #expect(main?.textContent.contains("between & after") == true)
    }

    @Test("a fragment of elements alone writes the same in any parent, script included")
    func elementsOnly() throws {
        let template =
            "<html><body><main data-slot=\"main\"></main><script data-slot=\"script\"></script></body></html>"
        let make: (HTMLNode) -> Void = { $0.element("li", [("class", "a&b")]).element("b", text: "1 < 2 & 3") }
        let fragment = HTMLFragment(context: "ol", make)
        let direct = try HTMLDocument(template: template, name: "t")
        make(try direct.slot("main"))
        make(try direct.slot("script"))
        let reused = try HTMLDocument(template: template, name: "t")
        try reused.slot("main").append(fragment)
        try reused.slot("script").append(fragment)
        #expect(try reused.render() == direct.render())
    }

    @Test("a fragment keeps data escaped")
    func escaped() throws {
        let fragment = HTMLFragment {
            $0.element("p", [("title", "\"><script>x</script>")], text: "<script>alert(1)</script>")
        }
        let page = try HTMLDocument(template: "<html><body data-slot=\"main\"></body></html>", name: "t")
        try page.slot("main").append(fragment)
        let html = try page.render()
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
