internal import CPostgres
internal import FleetFiles
import Foundation

/// A `--state postgresql://…` connection URI, checked by libpq's own parser before any
/// connection is tried, with the password kept out of everything fleetwx prints.
public struct PostgresTarget: Sendable {
    /// The URI as given (password included): handed to libpq and to nothing else.
    private let uri: String
    /// The password inside the URI, if any, to scrub from libpq's messages.
    private let password: String?
    /// The URI without its password (and without query parameters, which may hold one), for
    /// messages and `run.json`: `postgresql://user@host:port/database`.
    public let display: String

    /// Whether `text` is a PostgreSQL connection URI (`postgresql://` or `postgres://`, as
    /// libpq accepts them) rather than a SQLite file path.
    public static func isURI(_ text: String) -> Bool {
        let lower = text.prefix(13).lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://")
    }

    /// Parses `uri` with `PQconninfoParse`.
    ///
    /// - Throws: ``StoreError/malformedURI(reason:)`` with libpq's reason, the password taken out.
    public init(uri: String) throws(StoreError) {
        let raw = Self.rawPassword(in: uri)
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &error) else {
            let reason = error.map { String(cString: $0) } ?? "libpq could not parse it"
            PQfreemem(error)
            throw .malformedURI(reason: Self.scrub(PostgresConnection.oneLine(reason), secrets: [raw]))
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.uri = uri
        password = values["password"] ?? raw
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? ""
        let port = values["port"].map { ":" + $0 } ?? ""
        let database = values["dbname"].map { "/" + $0 } ?? ""
        display = "postgresql://" + user + host + port + database
    }

    /// The password between `user:` and `@` of a URI, found by hand for a URI libpq cannot
    /// parse (whose message may quote it).
    private static func rawPassword(in uri: String) -> String? {
        guard let scheme = uri.range(of: "://") else { return nil }
        let rest = uri[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return nil }
        let secret = String(rest[rest.index(after: colon)..<at])
        return secret.isEmpty ? nil : secret
    }

    private static func scrub(_ text: String, secrets: [String?]) -> String {
        var text = text
        for secret in secrets.compactMap({ $0 }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "***")
            if let decoded = secret.removingPercentEncoding, decoded != secret, !decoded.isEmpty {
                text = text.replacingOccurrences(of: decoded, with: "***")
            }
        }
        return text
    }

    /// `text` with the password, as given or percent-decoded, replaced by `***`.
    func scrubbed(_ text: String) -> String {
        Self.scrub(PostgresConnection.oneLine(text), secrets: [password])
    }

    /// The keywords for `PQconnectdbParams`: fleetwx's defaults first, then the URI as
    /// `dbname` (expanded by libpq), whose own settings win; anything the URI leaves out
    /// comes from the `PG*` variables and libpq's defaults.
    func connectionKeywords() -> [(String, String)] {
        var settings = [("fallback_application_name", "fleetwx"), ("client_encoding", "UTF8")]
        // An unreachable host would otherwise wait for the operating system's TCP timeout.
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            settings.append(("connect_timeout", "10"))
        }
        settings.append(("dbname", uri))
        return settings
    }

    /// What a failed connection attempt says, as an error naming the target without its
    /// password: refused credentials apart from an unreachable server.
    func connectFailure(_ message: String) -> StoreError {
        let refused = [
            "password authentication failed", "no password supplied", "authentication failed",
            "no pg_hba.conf entry", "permission denied for database",
        ]
        let missingRole = message.contains("role \"") && message.contains("does not exist")
        if missingRole || refused.contains(where: message.contains) {
            return .credentialsRefused(target: display, reason: message.bounded(limit: 300))
        }
        return .cannotConnect(target: display, reason: message.bounded(limit: 300))
    }
}
