public import Foundation

/// The Apple Weather marks as stored: what one fetch brought (docs/contract.md §5.4). The
/// store keeps bytes only; checking that they are PNG is the reader's business
/// (FleetStore knows nothing of images), and every reader checks them again.
public struct StoredMarks: Sendable, Equatable {
    /// The attribution's language tag (`en`).
    public var language: String
    /// `serviceName`, when the attribution gave one.
    public var serviceName: String?
    /// The light-background mark's bytes.
    public var light: Data
    /// The dark-background mark's bytes.
    public var dark: Data
    /// When they were fetched.
    public var fetchedAt: Date

    /// Creates stored marks.
    public init(language: String, serviceName: String?, light: Data, dark: Data, fetchedAt: Date) {
        self.language = language
        self.serviceName = serviceName
        self.light = light
        self.dark = dark
        self.fetchedAt = fetchedAt
    }
}

/// The attribution marks table: one row per language, replaced by each successful fetch.
extension StateStore {
    /// The marks stored for a language, however old.
    ///
    /// - Parameter language: The language tag.
    /// - Returns: The row, or `nil` when none was ever stored.
    /// - Throws: ``StoreError`` from the database.
    public func storedMarks(language: String) throws(StoreError) -> StoredMarks? {
        let sql = "SELECT service_name, light_png, dark_png, fetched_at FROM attribution_mark WHERE language = ?"
        return try connection.first(sql, [.text(language)]) { row in
            StoredMarks(
                language: language, serviceName: row.optionalText(0), light: row.blob(1), dark: row.blob(2),
                fetchedAt: row.date(3))
        }
    }

    /// Stores marks, replacing the language's previous ones.
    ///
    /// - Parameter marks: The marks.
    /// - Throws: ``StoreError`` from the database; the previous row stays then.
    public func store(marks: StoredMarks) throws(StoreError) {
        try connection.transaction { () throws(StoreError) in
            try connection.run(
                """
                INSERT INTO attribution_mark (language, service_name, light_png, dark_png, fetched_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (language) DO UPDATE SET service_name = excluded.service_name,
                    light_png = excluded.light_png, dark_png = excluded.dark_png, fetched_at = excluded.fetched_at
                """,
                [
                    .text(marks.language), .optionalText(marks.serviceName), .blob(marks.light), .blob(marks.dark),
                    .date(marks.fetchedAt),
                ])
        }
    }
}
