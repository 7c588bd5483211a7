internal import FleetFiles

/// Why reports could not be written.
public enum ReportError: Error, Equatable, CustomStringConvertible {
    /// No templates directory could be found.
    case templatesNotFound(searched: [String])
    /// A template file is missing or unreadable.
    case templateUnreadable(path: String, reason: String)
    /// A template page was read but cannot be filled (unparsable, or with nested slots).
    case templateInvalid(path: String, reason: String)
    /// A template could not be used to build a page.
    case page(String)
    /// Writing was stopped (a signal, and the time to publish after it ran out); nothing was
    /// published.
    case stopped
    /// A report file or directory could not be written.
    case writeFailed(path: String, reason: String)
    /// The staging folder beside `--out` could not be created (its parent is read-only, is a
    /// file, …): found before the schedule is read, so before any request.
    case stagingFailed(parent: String, reason: String)
    /// A file name derived from data is not safe to write.
    case unsafeFileName(String)
    /// The destination exists and is not a fleetwx report (nor empty): it is never replaced.
    case notAReport(path: String)
    /// The destination is a symbolic link or named `latest`: publishing there would break the
    /// `latest` link that points at the newest report.
    case reservedDestination(path: String, reason: String)
    /// The fleet map's land outlines (`land.txt` of the FleetReports resource bundle) are
    /// missing or malformed: the map is drawn without land and says why.
    case mapLandInvalid(path: String, reason: String)

    public var description: String {
        switch self {
        case .templatesNotFound(let searched):
            "cannot find the report templates (looked in \(searched.joined(separator: ", "))); "
                + "pass --templates DIR or set FLEETWX_TEMPLATES"
        case .templateUnreadable(let path, let reason): "cannot read template \(path.bounded): \(reason)"
        case .templateInvalid(let path, let reason): "cannot use the template \(path.bounded): \(reason)"
        case .page(let reason): "cannot build a report page: \(reason)"
        case .stopped: "writing the report was stopped before it was finished; nothing was published"
        case .writeFailed(let path, let reason): "cannot write \(path.bounded): \(reason)"
        case .stagingFailed(let parent, let reason):
            "cannot create the folder to write the report in, inside \(parent.bounded) (the folder of --out): \(reason); "
                + "fix that folder (it must be a writable folder) or choose another --out"
        case .unsafeFileName(let name): "refusing to write a report file with the unsafe name \(name.bounded)"
        case .notAReport(let path):
            "\(path.bounded) exists and is not a fleetwx report (or a link to one); refusing to replace it — "
                + "choose another --out"
        case .reservedDestination(let path, let reason):
            "cannot publish a report at \(path.bounded): \(reason); choose another --out (a folder of its own, "
                + "such as Output/2026-12-01)"
        case .mapLandInvalid(let path, let reason):
            "cannot draw land on the fleet map: the outlines \(path.bounded) are unusable, \(reason); reinstall fleetwx "
                + "with its fleetwx_FleetReports.resources folder beside the binary"
        }
    }
}
