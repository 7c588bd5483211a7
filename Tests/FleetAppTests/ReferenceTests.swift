import Foundation
import Testing

/// Every reference in the code and the documents resolves inside the repository, so a
/// newcomer can follow each one (issue 10, item 7).
///
/// Texts below that must not count as references of this file are built with `\u{A7}` for the
/// section sign and split names, because this file is scanned too.
@Suite("References resolve inside the repository")
struct ReferenceTests {
    let references = DocumentReferences(root: AppHarness.packageRoot)
    static let sign = "\u{A7}"

    @Test("every docs/ path and section in Sources, Tests, Fuzz, scripts and Templates is in the repository")
    func codeReferences() {
        let problems = references.codeProblems()
        #expect(problems.isEmpty, Comment(rawValue: problems.map(\.description).joined(separator: "\n")))
    }

    @Test("README.md and docs/ link only to files that exist and cite only sections that exist")
    func documentReferences() {
        let problems = references.documentProblems()
        #expect(problems.isEmpty, Comment(rawValue: problems.map(\.description).joined(separator: "\n")))
    }

    @Test("the scan sees the code and the documents it is meant to check")
    func scanCoversTheRepository() {
        let code = references.codePaths()
        #expect(code.contains("Sources/FleetReports/RunSummary.swift"))
        #expect(code.contains("Tests/FleetAppTests/ReferenceTests.swift"))
        #expect(code.contains("Package.swift"))
        #expect(code.contains("Tests/FakeWeatherKit/forecast.py"))
        #expect(!code.contains { $0.hasPrefix("Tests/Snapshots/") })
        #expect(code.count > 300)
        let documents = references.documentPaths()
        #expect(documents.contains("README.md"))
        #expect(documents.contains("docs/contract.md"))
    }

    @Test("a section of a repository document resolves; a missing one or a missing document does not")
    func documentSections() {
        let sign = Self.sign
        let docs = "docs" + "/"
        let fine = "/// Writes the report (\(docs)contract.md \(sign)8.1, `\(docs)contract.md` \(sign)8)."
        #expect(problems(fine).isEmpty)
        #expect(problems("/// See \(docs)contract.md \(sign)99.").count == 1)
        #expect(problems("/// See \(docs)contract.md \(sign)8.9.").count == 1)
        #expect(problems("/// See \(docs)nowhere.md \(sign)1.").count == 2)  // the path, then the section
        #expect(problems("/// The rules (\(docs)nowhere.md).").count == 1)
        #expect(problems("/// Screenshots go to \(docs)screenshots by default.").isEmpty)  // a folder
    }

    @Test("a section sign must follow a repository document or a standard")
    func bareSections() {
        let sign = Self.sign
        #expect(problems("/// Per JWS (RFC 7518 \(sign)3.4), 64 bytes.").isEmpty)
        #expect(problems("/// HTTP-date (RFC 9110 \(sign)5.6.7).").isEmpty)
        #expect(problems("/// Dates as ISO 8601 \(sign)5.4.").isEmpty)
        #expect(problems("/// As " + "SP" + "EC \(sign)8 lists.").count == 2)  // no document, and an outside name
        #expect(problems("/// Thresholds (\(sign)4.2).").count == 1)
    }

    @Test("Swift comments do not cite the documents kept outside the repository")
    func outsideNames() {
        #expect(problems("/// Defaults follow the " + "fie" + "ld notes.").count == 1)
        #expect(problems("/// in " + "SP" + "EC order").count == 1)
        #expect(problems("/// the specification of the format").isEmpty)  // another word
    }

    @Test("Markdown links resolve from the document's folder, and a bare section is the document's own")
    func markdownLinks() {
        let sign = Self.sign
        let docs = "docs" + "/"
        let ok = "See [the contract](contract.md), [bodies](weatherkit-bodies.md#physical-ranges), (\(sign)2)."
        #expect(references.problems(inText: ok, path: docs + "contract.md", isMarkdown: true).isEmpty)
        let cited = "[contract](contract.md) \(sign)8.3 and [up](../README.md)"
        #expect(references.problems(inText: cited, path: docs + "weatherkit-api.md", isMarkdown: true).isEmpty)
        let broken = "[gone](gone.md), [contract](contract.md) \(sign)42, (\(sign)77), [web](https://example.com)"
        #expect(references.problems(inText: broken, path: docs + "contract.md", isMarkdown: true).count == 3)
        #expect(references.problems(inText: "[docs](\(docs)contract.md)", path: "README.md", isMarkdown: true).isEmpty)
    }

    private func problems(_ line: String) -> [DocumentReferences.Problem] {
        references.problems(inText: line, path: "Sources/Example/Example.swift", isMarkdown: false)
    }
}
