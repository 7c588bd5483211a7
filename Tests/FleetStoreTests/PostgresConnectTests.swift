import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// Connection URIs and connection failures: each failure has its own error, and the password
/// appears in none of them (docs/state-postgresql.md §4).
@Suite("PostgreSQL URIs and connection failures", .enabled(if: StoreBackend.available.contains(.postgres)))
struct PostgresConnectTests {
    /// A URI libpq refuses, named for the test list, with the password it holds.
    struct Malformed: Sendable, CustomTestStringConvertible {
        let name: String
        let uri: String
        /// The password, in every spelling that must not be printed.
        let secrets: [String]
        var testDescription: String { name }
    }

    static let malformedCases = [
        Malformed(
            name: "unknown query parameter", uri: "postgresql://u:s3cretpw@host:5432/db?nosuch=1",
            secrets: ["s3cretpw"]),
        Malformed(
            name: "bad percent-encoding", uri: "postgresql://u:se%zzcret@h/db", secrets: ["se%zzcret", "zzcret"]),
        Malformed(name: "unclosed IPv6 host", uri: "postgresql://u:pw9secret@[::1", secrets: ["pw9secret"]),
        Malformed(
            name: "encoded password, unclosed IPv6 host", uri: "postgresql://u:p%40ss9word@[::1/db",
            secrets: ["p%40ss9word", "p@ss9word"]),
    ]

    /// libpq also takes the password as a query parameter (`?password=…`), and quotes it in its
    /// reason for refusing such a URI as it does one in the user part.
    static let queryPasswordCases = [
        Malformed(
            name: "bad percent-encoding", uri: "postgresql://u@h/db?password=se%zzcret",
            secrets: ["se%zzcret", "zzcret"]),
        Malformed(
            name: "unclosed IPv6 host", uri: "postgresql://u@[::1/db?password=qs3cretpw", secrets: ["qs3cretpw"]),
    ]

    @Test("a malformed URI is refused with libpq's reason, never with the password", arguments: malformedCases)
    func malformedURI(_ malformed: Malformed) throws {
        try Self.expectMalformed(malformed)
    }

    @Test(
        "a malformed URI with the password in its query is refused without the password", arguments: queryPasswordCases)
    func malformedURIWithQueryPassword(_ malformed: Malformed) throws {
        try Self.expectMalformed(malformed)
    }

    /// `PostgresTarget(uri:)` throws `.malformedURI` with a reason, and no text made of the error
    /// holds any spelling of the password.
    private static func expectMalformed(_ malformed: Malformed, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let error = #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try PostgresTarget(uri: malformed.uri)
        }
        guard case .malformedURI(let reason)? = error, let error else {
            Issue.record("expected .malformedURI, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(!reason.isEmpty, sourceLocation: sourceLocation)
        let leaks = everyText(of: error, at: "--state").filter { text in
            malformed.secrets.contains(where: text.contains)
        }
        #expect(leaks.isEmpty, "the password is printed: \(leaks.first ?? "")", sourceLocation: sourceLocation)
    }

    @Test("the display form names user, host, port and database, without the password or the query")
    func display() throws {
        let full = try PostgresTarget(
            uri: "postgresql://alice:s3cretpw@db.example.com:6543/fleet?sslmode=require&application_name=x")
        #expect(full.display == "postgresql://alice@db.example.com:6543/fleet")
        let query = try PostgresTarget(uri: "postgres://alice@db.example.com/fleet?password=s3cretpw")
        #expect(query.display == "postgresql://alice@db.example.com/fleet")
        let encoded = try PostgresTarget(uri: "postgresql://al%20ice:p%40ss@h:5432/d%2Fb")
        #expect(encoded.display == "postgresql://al ice@h:5432/d/b")
        #expect(PostgresTarget.isURI("PostgreSQL://h/db"))
        #expect(!PostgresTarget.isURI("state/postgresql.sqlite"))
    }

    @Test("a wrong password is refused as credentials, and the password is never printed")
    func wrongPassword() throws {
        let cluster = try PostgresCluster.required()
        let database = try cluster.createDatabase(prefix: "wrongpw")
        let wrong = "Wr0ng" + UUID().uuidString.filter(\.isHexDigit)
        let uri = cluster.uri(database: database, user: cluster.superuser, password: wrong)
        let error = #expect(throws: StoreError.self) { try StateStore.postgres(try PostgresTarget(uri: uri)) }
        guard case .credentialsRefused(let target, _)? = error, let error else {
            Issue.record("expected .credentialsRefused, got \(String(describing: error))")
            return
        }
        #expect(target == "postgresql://\(cluster.superuser)@\(cluster.host):\(cluster.port)/\(database)")
        for text in everyText(of: error, at: target) {
            #expect(!text.contains(wrong))
            #expect(!text.contains(cluster.superuserPassword))
        }
    }

    @Test("an unknown role is refused as credentials")
    func unknownRole() throws {
        let cluster = try PostgresCluster.required()
        let password = "N0body" + UUID().uuidString.filter(\.isHexDigit)
        let uri = cluster.uri(user: "nobody_\(UUID().uuidString.prefix(8).lowercased())", password: password)
        let error = #expect(throws: StoreError.self) { try StateStore.postgres(try PostgresTarget(uri: uri)) }
        guard case .credentialsRefused(let target, _)? = error, let error else {
            Issue.record("expected .credentialsRefused, got \(String(describing: error))")
            return
        }
        for text in everyText(of: error, at: target) { #expect(!text.contains(password)) }
    }

    @Test("a port with nothing listening cannot be connected to, and the password is never printed")
    func nothingListening() throws {
        let port = try PostgresCluster.unusedLoopbackPort()
        let password = "Unh3ard" + UUID().uuidString.filter(\.isHexDigit)
        let uri = "postgresql://fleetwx_admin:\(password)@127.0.0.1:\(port)/postgres"
        let error = #expect(throws: StoreError.self) { try StateStore.postgres(try PostgresTarget(uri: uri)) }
        guard case .cannotConnect(let target, let reason)? = error, let error else {
            Issue.record("expected .cannotConnect, got \(String(describing: error))")
            return
        }
        #expect(target == "postgresql://fleetwx_admin@127.0.0.1:\(port)/postgres")
        #expect(reason.contains("refused"), "\(reason)")
        for text in everyText(of: error, at: target) { #expect(!text.contains(password)) }
    }

    @Test("a lost connection fails every later call and is never reopened; the ledger keeps what was committed")
    func connectionLost() async throws {
        let cluster = try PostgresCluster.start()
        defer { cluster.destroy() }
        let database = try cluster.createDatabase(prefix: "lost")
        let target = try PostgresTarget(uri: cluster.uri(database: database))
        let clock = TestClock(utc("2026-12-01T10:00:00Z"))
        let store = try #require(try StateStore.postgres(target, now: { clock.now }))
        let request = LedgerRequest(runID: "r", cell: "c", monthlyLimit: 10)
        #expect(try await store.reserve(request)?.monthUsed == 1)
        try cluster.stopServer()
        for _ in 1...2 { try await Self.expectLost(store, request: request, password: cluster.superuserPassword) }
        await #expect(throws: StoreError.self) { try await store.usage(month: "2026-12") }
        try cluster.startServer()
        try await Self.expectLost(store, request: request, password: cluster.superuserPassword)
        let reopened = try #require(try StateStore.postgres(target, now: { clock.now }))
        #expect(try await reopened.ledger(runID: "r").count == 1)
        #expect(try await reopened.rawInteger("SELECT count(*) FROM ledger") == 1)
        #expect(try await reopened.usage(month: "2026-12") == 1)
    }

    /// One reservation on a store whose connection is gone: `.connectionLost`, a message that
    /// names the state without its password.
    private static func expectLost(
        _ store: StateStore, request: LedgerRequest, password: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let error = await #expect(throws: StoreError.self, sourceLocation: sourceLocation) {
            try await store.tryReserve(request)
        }
        guard case .connectionLost? = error, let error else {
            Issue.record("expected .connectionLost, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        let message = error.described(at: store.path)
        #expect(message.contains(store.path), sourceLocation: sourceLocation)
        for text in everyText(of: error, at: store.path) {
            #expect(!text.contains(password), sourceLocation: sourceLocation)
        }
    }
}
