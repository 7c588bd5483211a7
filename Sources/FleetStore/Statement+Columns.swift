internal import CSQLite
import Foundation

/// Column readers for the current row (0-based indexes, as SQLite counts them).
extension Statement {
    /// Whether the column holds SQL NULL.
    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as a 64-bit integer (NULL reads as 0).
    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    /// The column as an `Int` (NULL reads as 0).
    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The column as an optional `Int`.
    func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    /// The column as a double (NULL reads as 0).
    func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as text (NULL reads as the empty string).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column as optional text.
    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The column as bytes (NULL and empty blobs read as empty data).
    func blob(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        let count = Int(sqlite3_column_bytes(handle, column))
        return Data(bytes: bytes, count: count)
    }

    /// The column as a date stored in Unix seconds.
    func date(_ column: Int32) -> Date {
        Date(timeIntervalSince1970: double(column))
    }

    /// The column as an optional date stored in Unix seconds.
    func optionalDate(_ column: Int32) -> Date? {
        isNull(column) ? nil : date(column)
    }
}
