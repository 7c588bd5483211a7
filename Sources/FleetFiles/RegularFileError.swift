#if canImport(Glibc)
    internal import Glibc
#endif

/// Why ``RegularFile``, ``DirectoryListing`` or ``Folders`` refused a path: the one error type of
/// FleetFiles. Its ``description`` is plain words (``SystemErrorWords``), never a code.
public enum RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `stat`, `open`, `opendir`, `fstat` or `read` failed with this `errno`.
    case cannotOpen(errno: Int32)
    /// It exists but is not a regular file; `kind` says what it is.
    case notRegular(kind: Kind)
    /// A folder was expected; `kind` says what it is instead.
    case notDirectory(kind: Kind)
    /// The file is larger than the caller reads (``RegularFile/read(_:limit:)``).
    case tooLarge(size: Int, limit: Int)
    /// A folder could not be made (``Folders/create(_:permissions:)``): `part`, a folder above
    /// it, is `kind` instead.
    case partNotFolder(part: String, kind: Kind)
    /// A folder could not be made: `stat` or `mkdir` failed with this `errno` on `part`, a
    /// folder above it (`nil`: on the folder itself).
    case cannotCreate(part: String?, errno: Int32)

    /// What a file is, by its `st_mode` type: matched by callers as a value, worded only by
    /// ``description`` (so every message names a kind the same way).
    public enum Kind: Equatable, Sendable, CustomStringConvertible {
        case regularFile, directory, fifo, characterDevice, blockDevice, socket, other

        /// The kind of a file of this mode.
        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// In words, with its article: "a directory", "a FIFO", …
        public var description: String {
            switch self {
            case .regularFile: "a regular file"
            case .directory: "a directory"
            case .fifo: "a FIFO"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "not a plain file"
            }
        }
    }

    /// Whether the file does not exist (or a directory on its path does not).
    public var isMissing: Bool {
        if case .cannotOpen(let code) = self { return code == ENOENT || code == ENOTDIR }
        return false
    }

    /// Whether permission was denied.
    public var isDenied: Bool {
        if case .cannotOpen(let code) = self { return code == EACCES || code == EPERM }
        return false
    }

    /// The one wording of each refusal; callers append only their own hint ("; skipped", what
    /// the option wants).
    public var description: String {
        switch self {
        case .cannotOpen(let code): SystemErrorWords.describe(code)
        case .notRegular(.directory): "it is a directory, not a regular file"
        case .notRegular(let kind): "it is not a regular file (\(kind))"
        case .notDirectory(let kind): "it is \(kind), not a folder"
        case .tooLarge(let size, let limit):
            "it is \(NumberText.grouped(size)) bytes, over the \(NumberText.grouped(limit))-byte limit"
        case .partNotFolder(let part, let kind): "\(part.bounded) is \(kind), not a folder"
        case .cannotCreate(nil, let code): SystemErrorWords.describe(code)
        case .cannotCreate(let part?, let code):
            "the folder \(part.bounded) above it cannot be made: \(SystemErrorWords.describe(code))"
        }
    }
}
