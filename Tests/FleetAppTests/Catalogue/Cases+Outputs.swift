import FleetReports
import Foundation

/// Bad-input catalogue: Outputs cases (`--out` folders, `latest`, templates) and schedules that
/// brief nothing (which must not repoint `latest`).
extension BadInputCatalogue {
    static let outputRun = oneRowRun(out: "out/r")

    /// The shipped templates copied to `t/`, with `page` changed by `change`.
    @Sendable static func templates(
        _ workspace: CatalogueWorkspace, page: String = "", change: @escaping (String) -> String = { $0 }
    ) throws {
        for name in ReportTemplates.files {
            let text = try String(contentsOf: AppHarness.templates.appendingPathComponent(name), encoding: .utf8)
            try workspace.write(name == page ? change(text) : text, to: "t/\(name)")
        }
    }

    /// Removes the slot `slot` from a page's text.
    static func withoutSlot(_ slot: String) -> (String) -> String {
        { $0.replacingOccurrences(of: "data-slot=\"\(slot)\"", with: "data-x=\"\(slot)\"") }
    }

    static let outputs: [BadInput] = [
        BadInput(
            "output", "--out is a regular file",
            setup: {
                try $0.demoInputs()
                try $0.write("notes", to: "out/r")
            }, outputRun, exit: 1, "is not a fleetwx report"),
        BadInput(
            "output", "--out is a folder of other files",
            setup: {
                try $0.demoInputs()
                try $0.write("keep me", to: "out/r/thesis.tex")
            }, outputRun, exit: 1, "is not a fleetwx report"),
        BadInput(
            "output", "--out is named latest", setup: { try $0.demoInputs() },
            oneRowRun(out: "out/latest"), exit: 1, "`latest` is the link"),
        BadInput(
            "output", "--out is a symbolic link",
            setup: {
                try $0.demoInputs()
                try $0.folder("elsewhere")
                try $0.folder("out")
                try $0.symlink("out/r", to: "../elsewhere")
            }, outputRun, exit: 1, "choose another --out"),
        BadInput(
            "output", "latest beside --out is a regular file",
            setup: {
                try $0.demoInputs()
                try $0.write("not a link", to: "out/latest")
            }, outputRun, exit: 1, "is not a fleetwx report"),
        BadInput(
            "output", "template index.html lacks the flights slot",
            setup: {
                try $0.demoInputs()
                try templates($0, page: "index.html", change: withoutSlot("flights"))
            }, outputRun + ["--templates", "t"], exit: 1, "data-slot=\"flights\""),
        BadInput(
            "output", "template route.html lacks the charts slot",
            setup: {
                try $0.demoInputs()
                try templates($0, page: "route.html", change: withoutSlot("charts"))
            }, outputRun + ["--templates", "t"], exit: 1, "data-slot=\"charts\""),
        BadInput(
            "output", "template lacks the footer slot (the attribution)",
            setup: {
                try $0.demoInputs()
                try templates($0, page: "index.html", change: withoutSlot("footer"))
            }, outputRun + ["--templates", "t"], exit: 1, "index.html: it has no element with data-slot=\"footer\""),
        BadInput(
            "output", "template with nested slots",
            setup: {
                try $0.demoInputs()
                try templates($0, page: "route.html") {
                    $0.replacingOccurrences(
                        of: "<footer data-slot=\"footer\"></footer>",
                        with: "<footer data-slot=\"footer\"><small data-slot=\"attribution-top\"></small></footer>")
                }
            }, outputRun + ["--templates", "t"], exit: 1, "slots must not nest"),
        BadInput(
            "output", "template page is empty",
            setup: {
                try $0.demoInputs()
                try templates($0, page: "index.html") { _ in "" }
            }, outputRun + ["--templates", "t"], exit: 1, "template index.html is not parsable HTML"),
        BadInput(
            "output", "templates folder lacks style.css",
            setup: {
                try $0.demoInputs()
                try templates($0)
                try FileManager.default.removeItem(at: $0.url("t/style.css"))
            }, outputRun + ["--templates", "t"], exit: 1, "cannot read template"),
        BadInput(
            "output", "templates folder made before station pages lacks station.html",
            setup: {
                try $0.demoInputs()
                try templates($0)
                try FileManager.default.removeItem(at: $0.url("t/station.html"))
            }, outputRun + ["--templates", "t"], exit: 1, "copy station.html from fleetwx's Templates folder"),
        BadInput(
            "output", "template is a directory",
            setup: {
                try $0.demoInputs()
                try templates($0)
                try FileManager.default.removeItem(at: $0.url("t/route.html"))
                try $0.folder("t/route.html")
            }, outputRun + ["--templates", "t"], exit: 1, "route.html: it is a directory, not a regular file"),
        BadInput(
            "output", "--templates folder missing", setup: { try $0.demoInputs() },
            outputRun + ["--templates", "nowhere"], exit: 1, "nowhere/index.html: no such file"),
        BadInput(
            "output", "header-only schedule: exit 2 with a warning (latest: StateFaultTests.headerOnlyKeepsLatest)",
            setup: { try $0.rows([]) }, outputRun, exit: 2, "has no data rows, only a header: a failed export?"),
        BadInput(
            "output", "header-only schedule with CRLF and a BOM",
            setup: { try $0.text("\u{FEFF}flight,origin,destination,departure,arrival\r\n") }, outputRun, exit: 2,
            "has no data rows"),
        BadInput(
            "output", "no row of the schedule accepted",
            setup: { try $0.rows(["XX1,ZZZ,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N1"]) }, outputRun, exit: 2,
            "no row of the schedule"),
    ]
}
