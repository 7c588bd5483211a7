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
        let raw = Self.rawPasswords(in: uri)
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &error) else {
            let reason = error.map { String(cString: $0) } ?? "libpq could not parse it"
            PQfreemem(error)
            // libpq may quote the whole URI ("… in URI: \"postgresql://…\""): said as "the URI".
            let shortened = reason.replacingOccurrences(of: uri, with: "the URI")
            throw .malformedURI(reason: Self.scrub(PostgresConnection.oneLine(shortened), secrets: raw))
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        self.uri = uri
        password = values["password"] ?? raw.first
        let user = values["user"].map { $0 + "@" } ?? ""
        let host = values["host"] ?? values["hostaddr"] ?? ""
        let port = values["port"].map { ":" + $0 } ?? ""
        let database = values["dbname"].map { "/" + $0 } ?? ""
        display = "postgresql://" + user + host + port + database
    }

    /// The passwords a URI libpq cannot parse may hold, found by hand, since its message may
    /// quote them: between `user:` and `@`, and every `password=` value of the query.
    private static func rawPasswords(in uri: String) -> [String] {
        guard let scheme = uri.range(of: "://") else { return [] }
        let rest = uri[scheme.upperBound...]
        var found: [String] = []
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            found.append(String(authority[authority.index(after: colon)..<at]))
        }
        if let query = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: query)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].lowercased() == "password" { found.append(String(parts[1])) }
            }
        }
        return found.filter { !$0.isEmpty }
    }

    private static func scrub(_ text: String, secrets: [String]) -> String {
        var text = text
        // The longest first, so a password holding another is replaced whole.
        for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "***")
            if let decoded = secret.removingPercentEncoding, decoded != secret, !decoded.isEmpty {
                text = text.replacingOccurrences(of: decoded, with: "***")
            }
        }
        return text
    }

    /// `text` with the password, as given or percent-decoded, replaced by `***`.
    func scrubbed(_ text: String) -> String {
        Self.scrub(PostgresConnection.oneLine(text), secrets: password.map { [$0] } ?? [])
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
        // A server cut off by the network must fail the next statement within about a minute,
        // not after the operating system's two hours: a run then stops instead of hanging.
        settings += [
            ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"), ("keepalives_count", "3"),
            ("tcp_user_timeout", "60000"),
        ]
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
