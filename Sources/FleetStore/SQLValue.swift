import Foundation

/// A value bound to a statement parameter, on either back end (SQLite or PostgreSQL).
///
/// Values are always bound, never interpolated into SQL, so no text from a schedule or a
/// response can change a statement.
enum SQLValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    /// A date as Unix seconds (REAL), the one date representation of the schema; `nil` binds NULL.
    static func date(_ date: Date?) -> SQLValue {
        guard let date else { return .null }
        return .real(date.timeIntervalSince1970)
    }

    /// An optional string; `nil` binds NULL.
    static func optionalText(_ text: String?) -> SQLValue {
        guard let text else { return .null }
        return .text(text)
    }

    /// An integer; `nil` binds NULL.
    static func int(_ value: Int?) -> SQLValue {
        guard let value else { return .null }
        return .integer(Int64(value))
    }
}
