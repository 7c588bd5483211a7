internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#endif

extension SystemErrorWords {
    /// Plain words for an error `FileManager` or `Data` threw on a file, for the places that
    /// still go through Foundation (creating folders, moving files): its `errno` when it
    /// carries one, else the file error it names. Foundation's own text for these is often
    /// "The operation could not be completed. (NSCocoaErrorDomain error 256.)".
    ///
    /// - Parameter error: The error thrown.
    /// - Returns: Lower-case words, never a domain or a code.
    public static func describe(_ error: any Error) -> String {
        let object = error as NSError
        if object.domain == NSPOSIXErrorDomain { return describe(Int32(truncatingIfNeeded: object.code)) }
        if let underlying = object.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return describe(Int32(truncatingIfNeeded: underlying.code))
        }
        guard object.domain == NSCocoaErrorDomain else { return "the system refused without saying why" }
        switch CocoaError.Code(rawValue: object.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return describe(ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return describe(EACCES)
        case .fileWriteOutOfSpace: return describe(ENOSPC)
        case .fileWriteVolumeReadOnly: return describe(EROFS)
        case .fileReadInvalidFileName, .fileWriteInvalidFileName:
            return "the name is not usable (too long, or with characters the file system refuses)"
        case .fileReadTooLarge: return describe(EFBIG)
        case .fileWriteFileExists: return "something else already exists there"
        case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "it is not UTF-8 text"
        default: return "the system refused without saying why (it may be a folder, a loop or a special file)"
        }
    }
}
