import FleetHTML
import Testing

private let template = """
    <!DOCTYPE html>
    <html lang="en">
    <head><meta charset="utf-8"><title data-slot="title">Old title</title></head>
    <body>
    <h1 data-slot="heading">Old <em>heading</em></h1>
    <main data-slot="main"></main>
    <p class="note" data-slot="note">one</p>
    <p class="note" data-slot="note">two</p>
    </body>
    </html>
    """

private func document() throws -> HTMLDocument {
    try HTMLDocument(template: template, name: "test.html")
}

/// Payloads that must never come out as markup.
private let payloads = [
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "'><svg onload=alert(1)>",
    "</title><script>alert(1)</script>",
    "<!-- comment --><b>bold</b>",
]

/// True when the page contains markup that a payload could only have produced unescaped.
private func hasInjectedMarkup(_ html: String) -> Bool {
    ["<script>alert", "<img src=x", "<svg onload", "<b>bold", "<!-- comment"].contains { html.contains($0) }
}

@Suite("HTMLDocument: escaping")
struct HTMLEscapingTests {
    /// Reads a rendered page back and checks that no payload became an element.
    private func expectNoInjectedElements(_ html: String) throws {
        let root = try #require(try ParsedHTML(html, name: "again").root)
        for tag in ["script", "img", "svg", "b"] {
            #expect(root.all { $0.tag == tag }.isEmpty, "a <\(tag)> element appeared")
        }
    }

    @Test("text nodes are escaped", arguments: payloads)
    func textEscaped(payload: String) throws {
        let page = try document()
        try page.slot("main").text(payload)
        try page.slot("main").element("p", text: payload)
        try page.slot("title").setText(payload)
        let html = try page.render()
        #expect(!hasInjectedMarkup(html))
        #expect(html.contains("&lt;"))
        try expectNoInjectedElements(html)
    }

    @Test("attribute values are escaped and read back unchanged", arguments: payloads)
    func attributesEscaped(payload: String) throws {
        let page = try document()
        try page.slot("main").element("span", [("title", payload), ("data-x", payload)], text: "x")
        let html = try page.render()
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<svg onload"))
        try expectNoInjectedElements(html)
        let again = try ParsedHTML(html, name: "again")
        let spans = try #require(again.root).all { $0.tag == "span" }
        #expect(spans.count == 1)
        #expect(spans.first?.attribute("title") == payload)
        #expect(spans.first?.attribute("data-x") == payload)
    }

    @Test("ampersands and quotes in text come out as entities or literal quotes, never raw markup")
    func ampersandAndQuotes() throws {
        let page = try document()
        try page.slot("main").element("p", text: "Fish & Chips \"quoted\" 'single' <tag>")
        let html = try page.render()
        #expect(html.contains("Fish &amp; Chips"))
        #expect(html.contains("&lt;tag&gt;"))
        #expect(!html.contains("<tag>"))
    }

    @Test("an attribute with both quote kinds stays one attribute")
    func attributeQuotes() throws {
        let page = try document()
        try page.slot("main").element("span", [("title", "a \"b\" 'c' & d")])
        let html = try page.render()
        let node = try ParsedHTML(html, name: "again").root?.first { $0.tag == "span" }
        #expect(node?.attribute("title") == "a \"b\" 'c' & d")
        #expect(html.contains("&amp; d"))
        #expect(!html.contains("title=\"a \"b\""))
    }

    @Test("non-ASCII text is written as UTF-8, in text, attributes, style and script")
    func nonASCII() throws {
        let text = "Zürich – São Paulo → 東京 ✈ −5 °C"
        let template = """
            <!DOCTYPE html><html><head><meta charset="utf-8"><style data-slot="style"></style></head>
            <body><main data-slot="main"></main><script data-slot="script"></script></body></html>
            """
        let page = try HTMLDocument(template: template, name: "utf8.html")
        try page.slot("main").element("p", [("title", text)], text: text)
        try page.slot("style").setText(".back::before { content: \"← \"; }")
        try page.slot("script").setText("const hint = \"flight, airport…\";")
        let html = try page.render()
        #expect(html.contains(">\(text)</p>"))
        #expect(html.contains("title=\"\(text)\""))
        #expect(html.contains("content: \"← \";"))
        #expect(html.contains("\"flight, airport…\""))
        #expect(!html.contains("&uuml;"))
        #expect(!html.contains("&larr;"))
    }
}

@Suite("HTMLDocument: links")
struct HTMLLinkTests {
    @Test(
        "only absolute http and https URLs become links",
        arguments: [
            ("https://weatherkit.apple.com/legal-attribution.html", true),
            ("http://example.com/a?b=c&d=e", true),
            ("HTTPS://EXAMPLE.COM/", true),
            ("javascript:alert(1)", false),
            ("JavaScript:alert(1)", false),
            (" javascript:alert(1)", false),
            ("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", false),
            ("vbscript:msgbox(1)", false),
            ("relative/page.html", false),
            ("/absolute/path", false),
            ("//evil.example/", false),
            ("https://exa mple.com/", false),
            ("https://example.com/\n", false),
            (" https://example.com/", false),
            ("", false),
        ])
    func safeURL(url: String, isLink: Bool) throws {
        #expect(SafeURL.isWebLink(url) == isLink)
        let page = try document()
        let main = try page.slot("main")
        let anchor = main.link(url, text: "Full alert text", [("rel", "noopener")])
        #expect((anchor != nil) == isLink)
        let html = try page.render()
        #expect(html.contains("Full alert text"))
        #expect(html.contains("<a ") == isLink)
        if isLink {
            let read = try ParsedHTML(html, name: "again").root?.first { $0.tag == "a" }
            #expect(read?.attribute("href") == url)
            #expect(read?.attribute("rel") == "noopener")
        } else {
            #expect(!html.lowercased().contains("javascript:"))
            #expect(!html.contains("data:text"))
        }
    }

    @Test("a nil URL writes the text alone")
    func nilURL() throws {
        let page = try document()
        #expect(try page.slot("main").link(nil, text: "no link") == nil)
        let html = try page.render()
        #expect(html.contains("no link"))
        #expect(!html.contains("<a "))
    }

    @Test("link text is escaped too")
    func linkTextEscaped() throws {
        let page = try document()
        try page.slot("main").link("https://example.com/", text: "<script>alert(1)</script>")
        try page.slot("main").link("javascript:x", text: "<script>alert(1)</script>")
        #expect(!hasInjectedMarkup(try page.render()))
    }
}

@Suite("HTMLDocument: templates and slots")
struct HTMLTemplateTests {
    @Test("rendering keeps the doctype first")
    func doctype() throws {
        let html = try document().render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
    }

    @Test("a missing slot is an error naming the template and slot")
    func missingSlot() throws {
        let page = try document()
        #expect(throws: HTMLError.missingSlot(template: "test.html", slot: "nope")) { try page.slot("nope") }
        #expect(HTMLError.missingSlot(template: "t", slot: "s").description.contains("data-slot=\"s\""))
    }

    @Test("an empty template cannot be parsed")
    func unparsable() {
        #expect(throws: HTMLError.unparsableTemplate(name: "empty.html")) {
            try HTMLDocument(template: "", name: "empty.html")
        }
    }

    @Test(
        "a data-slot inside another is refused when the template is parsed, naming both",
        arguments: [
            "<footer data-slot=\"footer\"><p data-slot=\"attribution\"></p></footer>",
            "<main data-slot=\"main\"><div><span data-slot=\"main\">x</span></div></main>",
        ])
    func nestedSlotsAreRefused(body: String) {
        let nested = "<!DOCTYPE html><html><head><title>t</title></head><body>\(body)</body></html>"
        let error = #expect(throws: HTMLError.self) { try HTMLDocument(template: nested, name: "nested.html") }
        let text = error?.description ?? ""
        #expect(text.contains("nested.html") && text.contains("inside"), "\(text)")
    }

    @Test("setText replaces all content, clear removes it")
    func setTextAndClear() throws {
        let page = try document()
        try page.slot("heading").setText("New heading")
        try page.slot("title").clear()
        let html = try page.render()
        #expect(html.contains("New heading"))
        #expect(!html.contains("Old"))
        #expect(!html.contains("<em>"))
        #expect(html.contains("<title data-slot=\"title\"></title>"))
    }

    @Test("elements nest with their attributes in order")
    func elements() throws {
        let page = try document()
        let main = try page.slot("main")
        let table = main.element("table", [("class", "flights"), ("data-sortable", "")])
        table.element("tr").element("td", [("class", "num")], text: "42")
        #expect(table.tag == "table")
        let html = try page.render()
        let read = try ParsedHTML(html, name: "again").root?.first { $0.tag == "table" }
        #expect(read?.attribute("class") == "flights")
        #expect(read?.attribute("missing") == nil)
        #expect(html.contains("<table class=\"flights\" data-sortable"))
        #expect(html.contains("<td class=\"num\">42</td>"))
    }

    @Test("slot finds the first element with the name, also after content was added elsewhere")
    func slotsAndFind() throws {
        let page = try document()
        #expect(try page.slot("note").tag == "p")
        try page.slot("heading").element("span", [("data-slot", "note")], text: "added")
        try page.slot("note").text(" first")
        #expect(throws: HTMLError.missingSlot(template: "test.html", slot: "none")) { try page.slot("none") }
        #expect(try page.render().contains("<p class=\"note\" data-slot=\"note\">one first</p>"))
        #expect(page.root?.tag == "html")
        let root = try #require(try ParsedHTML(try page.render(), name: "again").root)
        #expect(root.tag == "html")
        #expect(root.first { $0.tag == "h1" }?.attribute("data-slot") == "heading")
        #expect(root.all { $0.tag == "p" }.count == 2)
        #expect(page.name == "test.html")
    }

    @Test("empty text adds nothing")
    func emptyText() throws {
        let page = try document()
        try page.slot("main").text("")
        #expect(try page.render().contains("<main data-slot=\"main\"></main>"))
    }

    @Test("documents are independent and render the same twice")
    func renderTwice() throws {
        let page = try document()
        try page.slot("main").element("p", text: "x")
        #expect(try page.render() == page.render())
        #expect(try document().render() != page.render())
    }
}
