import Foundation

/// Finds the references in the repository's code and documents that a reader could not
/// follow: a `docs/…` path that is not in the repository, a `§` that names no document or no
/// section of it, or a citation of a document kept outside the repository.
///
/// The rule for `§`: it must follow a repository document (`docs/contract.md §8.3`), or a
/// public standard that is not a file (`RFC 7518 §3.4`, `ISO 8601 §5`). In a Markdown
/// document a bare `§n` means a section of that same document. A section `n` exists when the
/// document has a heading `## n. Title`, `## n Title` or `### n.m Title`.
struct DocumentReferences {
    /// The checkout's root.
    let root: URL

    /// Folders whose code and comments are scanned.
    static let codeFolders = ["Sources", "Tests", "Fuzz/Sources", "scripts", "Templates"]
    /// Single files scanned as code.
    static let codeFiles = ["Package.swift", "Fuzz/Package.swift"]
    /// What counts as code or a comment-bearing text.
    static let codeExtensions: Set<String> = ["swift", "py", "sh", "html", "css", "js"]
    /// Recorded outputs, not written by hand.
    static let skippedFolders = ["Tests/Snapshots"]
    /// Names of documents that live outside the repository, which Swift comments must not
    /// cite. Spelled in pieces so that this file does not cite them itself.
    static let outsideNames = ["sp" + "ec", "fie" + "ld notes"]

    /// One reference that does not resolve.
    struct Problem: CustomStringConvertible {
        let file: String
        let line: Int
        let text: String
        var description: String { "\(file):\(line): \(text)" }
    }

    /// Every problem in the code files.
    func codeProblems() -> [Problem] {
        codePaths().flatMap { path in problems(in: path, isMarkdown: false) }
    }

    /// Every problem in `README.md` and `docs/*.md`, links included.
    func documentProblems() -> [Problem] {
        documentPaths().flatMap { path in problems(in: path, isMarkdown: true) }
    }

    /// Repository-relative paths of the scanned code files.
    func codePaths() -> [String] {
        var paths = Self.codeFiles.filter { exists($0) }
        for folder in Self.codeFolders {
            paths += files(under: folder).filter { path in
                Self.codeExtensions.contains((path as NSString).pathExtension)
                    && !Self.skippedFolders.contains { path.hasPrefix($0 + "/") }
            }
        }
        return paths.sorted()
    }

    /// `README.md` and every Markdown file under `docs/`.
    func documentPaths() -> [String] {
        ["README.md"] + files(under: "docs").filter { $0.hasSuffix(".md") }.sorted()
    }

    /// The problems in one file's text.
    func problems(in path: String, isMarkdown: Bool) -> [Problem] {
        guard let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) else {
            return [Problem(file: path, line: 0, text: "cannot be read as UTF-8")]
        }
        return problems(inText: text, path: path, isMarkdown: isMarkdown)
    }

    /// The problems in a text, as if it were the file at `path`.
    func problems(inText text: String, path: String, isMarkdown: Bool) -> [Problem] {
        var found: [Problem] = []
        let folder = (path as NSString).deletingLastPathComponent
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            func report(_ why: String) { found.append(Problem(file: path, line: index + 1, text: why)) }
            for match in line.contains("docs/") ? line.matches(of: Self.docsPath) : [] {
                let target = Self.trimmed(String(match.output.1))
                if !exists(target) { report("\(target) is not a file in the repository") }
            }
            for why in sectionProblems(in: line, path: path, isMarkdown: isMarkdown) { report(why) }
            if isMarkdown {
                for match in line.contains("](") ? line.matches(of: Self.link) : [] {
                    let target = String(match.output.1)
                    if let why = linkProblem(target, folder: folder) { report(why) }
                }
            } else if path.hasSuffix(".swift") {
                // Only the comment: in code the word is an ordinary name (`CommandSpec`, its values).
                guard let comment = line.range(of: "//") else { continue }
                let words = Self.words(String(line[comment.upperBound...]))
                for name in Self.outsideNames where words.contains(" \(name) ") {
                    report("cites \"\(name)\", a document outside the repository; cite a file under docs/ instead")
                }
            }
        }
        return found
    }

    /// Why each `§` on a line does not resolve.
    private func sectionProblems(in line: String, path: String, isMarkdown: Bool) -> [String] {
        var problems: [String] = []
        for match in line.contains("\u{A7}") ? line.matches(of: Self.section) : [] {
            let section = String(match.output.1)
            let before = line[..<match.range.lowerBound]
            if let document = Self.citedDocument(before: before, folder: (path as NSString).deletingLastPathComponent) {
                if !exists(document) {
                    problems.append("\(document) \u{A7}\(section): \(document) is not a file in the repository")
                } else if !hasSection(section, in: document) {
                    problems.append("\(document) has no section \(section) (no heading \"## \(section).\")")
                }
            } else if before.wholeMatch(of: Self.standardBefore) != nil {
                continue
            } else if isMarkdown {
                if !hasSection(section, in: path) { problems.append("\(path) has no section \(section)") }
            } else {
                problems.append(
                    "\u{A7}\(section) names no document: write docs/<name>.md \u{A7}\(section) (or RFC/ISO nnnn for a standard)"
                )
            }
        }
        return problems
    }

    /// The repository path of the document a `§` follows (`docs/<name>.md §n`, or a Markdown link
    /// `[x](x.md) §n` resolved from `folder`), if any.
    private static func citedDocument(before: Substring, folder: String) -> String? {
        if let match = before.firstMatch(of: #/(docs/[A-Za-z0-9_./-]+\.md)`?\s*$/#) {
            return String(match.output.1)
        }
        if let match = before.firstMatch(of: #/\]\(([A-Za-z0-9_./-]+\.md)\)\s*$/#) {
            return normalised(folder.isEmpty ? String(match.output.1) : folder + "/" + match.output.1)
        }
        return nil
    }

    /// Why a Markdown link target does not resolve, if it does not.
    private func linkProblem(_ target: String, folder: String) -> String? {
        if target.contains(":") || target.hasPrefix("#") { return nil }  // a URL or an anchor
        let file = String(target.split(separator: "#", maxSplits: 1).first ?? "")
        let path = Self.normalised(folder.isEmpty ? file : folder + "/" + file)
        return exists(path) ? nil : "the link to \(target) does not resolve (\(path) is not in the repository)"
    }

    /// Whether a document has a heading for a section.
    func hasSection(_ section: String, in document: String) -> Bool {
        guard let text = try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8) else {
            return false
        }
        return text.split(separator: "\n").contains { line in
            guard let match = line.wholeMatch(of: #/#{2,6} ([0-9]+(?:\.[0-9]+)*)\.?(?: .*)?/#) else { return false }
            return match.output.1 == section
        }
    }

    /// A `docs/…` path as written in text.
    private static var docsPath: Regex<(Substring, Substring)> {
        #/(?:^|[^A-Za-z0-9_./-])(docs/[A-Za-z0-9_./-]*[A-Za-z0-9_-])/#
    }
    /// A section sign and its number.
    private static var section: Regex<(Substring, Substring)> { #/\x{A7}\s?([0-9]+(?:\.[0-9]+)*)/# }
    /// Text ending in a standard's name and number, e.g. `… (RFC 7518 `.
    private static var standardBefore: Regex<Substring> { #/.*\b(?:RFC|ISO|ECMA|IEEE)[ -][0-9]+(?:-[0-9]+)?\s*/# }
    /// A Markdown link's target.
    private static var link: Regex<(Substring, Substring)> { #/\]\(([^)\s]+)\)/# }

    /// A path without trailing sentence punctuation.
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix(".") { path.removeLast() }
        return path
    }

    /// A relative path with `.` and `..` resolved.
    private static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    /// A line's words, lower-cased, each between single spaces (`"well-known"` → `" well known "`).
    private static func words(_ line: String) -> String {
        let spaced = String(line.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " })
        return " " + spaced.split(separator: " ").joined(separator: " ") + " "
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// Repository-relative paths of the regular files under a folder, hidden ones skipped.
    private func files(under folder: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard
            let walker = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var paths: [String] = []
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
            paths.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
        }
        return paths
    }
}
