internal import FleetFiles
internal import FleetHTML
public import Foundation

/// The user-editable page templates (`Templates/`): page skeletons, the stylesheet and the
/// table script, read once per run and inlined into every page.
public struct ReportTemplates: Sendable {
    /// `index.html`.
    public let index: String
    /// `route.html`.
    public let route: String
    /// `station.html`.
    public let station: String
    /// `style.css`, inlined into each page's `<style data-slot="style">`.
    public let style: String
    /// `table.js`, inlined into each page's `<script data-slot="script">`.
    public let script: String
    /// The three page templates, parsed once per run (every page copies one).
    let indexPage: HTMLTemplate
    let routePage: HTMLTemplate
    let stationPage: HTMLTemplate

    /// The file names a templates directory must hold.
    public static let files = ["index.html", "route.html", "station.html", "style.css", "table.js"]

    /// The template files a newer fleetwx added, by name: a templates folder copied for an
    /// older version lacks them, and is told to copy them rather than "no such file".
    static let addedFiles: [String: String] = ["station.html": "station pages, stations/CODE.html"]

    /// The largest template file read: real ones are a few KiB.
    static let maximumTemplateBytes = 4 * 1024 * 1024

    /// Reads the templates from a directory, and parses the three pages once, so a template
    /// that cannot be filled (unparsable, with nested slots, or without a slot its page fills)
    /// fails the run before anything is fetched.
    ///
    /// - Parameter directory: The directory.
    /// - Returns: The templates.
    /// - Throws: ``ReportError/templateUnreadable(path:reason:)``, ``ReportError/templateInvalid(path:reason:)``.
    public static func load(from directory: URL) throws(ReportError) -> ReportTemplates {
        var texts: [String] = []
        for name in files {
            let url = directory.appendingPathComponent(name)
            let bytes: [UInt8]
            if let what = addedFiles[name], !FileManager.default.fileExists(atPath: url.path) {
                throw .templateUnreadable(
                    path: url.path,
                    reason: "this templates folder has no \(name) (the template of \(what)); it was made for an "
                        + "older fleetwx: copy \(name) from fleetwx's Templates folder into it, and edit it as you "
                        + "did the others")
            }
            do {
                bytes = try RegularFile.read(url.path, limit: maximumTemplateBytes)  // never a FIFO or a device
            } catch {
                throw .templateUnreadable(path: url.path, reason: error.description)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw .templateUnreadable(path: url.path, reason: "it is not UTF-8 text")
            }
            texts.append(text)
        }
        var pages: [HTMLTemplate] = []
        for (name, text) in zip(files, texts) where name.hasSuffix(".html") {
            let path = directory.appendingPathComponent(name).path
            let template: HTMLTemplate
            do {
                template = try HTMLTemplate(parsing: text, name: name)
            } catch {
                throw .templateInvalid(path: path, reason: error.description)
            }
            try checkSlots(HTMLDocument(template), page: name, path: path)
            pages.append(template)
        }
        return ReportTemplates(
            index: texts[0], route: texts[1], station: texts[2], style: texts[3], script: texts[4],
            indexPage: pages[0], routePage: pages[1], stationPage: pages[2])
    }

    /// Finds the templates directory: an explicit `--templates`, else `FLEETWX_TEMPLATES`,
    /// else `Templates/` in the working directory, else a `Templates/` folder in a parent of
    /// the executable (the package checkout `swift build` ran in).
    ///
    /// - Parameters:
    ///   - explicit: `--templates DIR`, if given.
    ///   - environment: The process environment.
    ///   - workingDirectory: The current directory.
    ///   - executable: The running executable.
    /// - Returns: The directory.
    /// - Throws: ``ReportError/templatesNotFound(searched:)``.
    public static func locate(
        explicit: String?, environment: [String: String], workingDirectory: URL, executable: URL
    ) throws(ReportError) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit, relativeTo: workingDirectory).standardizedFileURL }
        if let fromEnvironment = environment["FLEETWX_TEMPLATES"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: fromEnvironment, relativeTo: workingDirectory).standardizedFileURL
        }
        var candidates = [workingDirectory.appendingPathComponent("Templates")]
        var parent = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = parent.appendingPathComponent("Templates")
            // Near the root the walk meets the same folders again: each is looked in (and named
            // in the error) once.
            if !candidates.contains(candidate) { candidates.append(candidate) }
            parent = parent.deletingLastPathComponent()
        }
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("index.html").path) {
            return candidate
        }
        throw .templatesNotFound(searched: candidates.map(\.path))
    }
}
