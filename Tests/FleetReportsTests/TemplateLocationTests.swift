import FleetReports
import Foundation
import Testing

/// Where fleetwx looks for its templates when neither `--templates` nor `FLEETWX_TEMPLATES`
/// names them, and what it says when none are there.
@Suite("Locating the report templates")
struct TemplateLocationTests {
    @Test("a binary near the root: each folder is looked in and named once")
    func eachFolderNamedOnce() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("fleetwx-no-templates-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: ReportError.self) {
            try ReportTemplates.locate(
                explicit: nil, environment: [:], workingDirectory: empty,
                executable: empty.appendingPathComponent("fleetwx"))
        }
        guard case .templatesNotFound(let searched)? = error else {
            Issue.record("expected templatesNotFound, got \(String(describing: error))")
            return
        }
        #expect(Set(searched).count == searched.count, "\(searched)")
        #expect(searched.first == empty.appendingPathComponent("Templates").path)
        #expect(searched.last == "/Templates")
    }
}
