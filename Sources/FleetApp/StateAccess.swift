internal import FleetStore
internal import Foundation

/// Opening the state database, with its failures turned into exit-code errors.
enum StateAccess {
    /// Opens (creating if needed) the state database.
    ///
    /// - Parameters:
    ///   - url: The database file.
    ///   - now: The clock used for months and timestamps.
    /// - Returns: The store.
    /// - Throws: ``AppError/fatal(_:)`` naming the file and the problem.
    static func open(_ url: URL, now: @escaping @Sendable () -> Date) throws(AppError) -> StateStore {
        do {
            return try StateStore(path: url.path, now: now)
        } catch {
            throw .fatal("state database \(url.path): \(error.description)")
        }
    }

    /// The UTC month (`YYYY-MM`) of an instant.
    static func month(_ date: Date) -> String {
        String(Timestamps.iso(date).prefix(7))
    }
}

/// ISO 8601 text for the CLI's own messages.
enum Timestamps {
    static func iso(_ date: Date) -> String { date.formatted(.iso8601) }
}
