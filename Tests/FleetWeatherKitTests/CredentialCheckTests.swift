import FleetAuth
import FleetTestSupport
import FleetWeatherKit
import Foundation
import Testing

@Suite("check-credentials", .timeLimit(.minutes(3)))
struct CredentialCheckTests {
    private func check(_ server: FakeWeatherKitServer, now: @escaping @Sendable () -> Date = { Date() }) throws
        -> CredentialCheck
    {
        CredentialCheck(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 1), now: now,
            timeout: .seconds(30))
    }

    private func step(_ report: CredentialReport, _ title: String) throws -> CredentialReport.Step {
        try #require(report.steps.first { $0.title == title }, "no step \(title) in\n\(report)")
    }

    @Test func succeedsAgainstTheFake() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: ["--team-id", TestCredentials.teamID])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try await check(server).run(environment: TestCredentials.environment(in: directory))
        #expect(report.passed, "\(report)")
        #expect(report.availableDataSets?.contains("weatherAlerts") == true)
        #expect(report.callMade && report.callStatus == 200)
        #expect(report.steps.map(\.title) == ["Settings", "Key file", "Developer token", "WeatherKit call", "Clock"])
        #expect(try step(report, "Clock").status == .pass)
        #expect(report.description.contains("PASS  WeatherKit call: /api/v1/availability/40.71/-74.01 answered 200"))
        let requests = try await server.requests()
        #expect(requests.count == 1)
        #expect(requests.first?.query["country"] == "US")
    }

    @Test func explainsNotEnabled() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        try await server.setFaults(FakeFaults(rules: [.init(.unauthorized, target: .availability)]))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try await check(server).run(environment: TestCredentials.environment(in: directory))
        #expect(!report.passed)
        #expect(report.callMade && report.callStatus == 401)
        let call = try step(report, "WeatherKit call")
        #expect(call.status == .fail)
        #expect(call.summary.contains("NOT_ENABLED"))
        let advice = call.details.joined(separator: "\n")
        #expect(advice.contains("WEATHERKIT_SERVICE_ID") && advice.contains("up to an hour"))
        #expect(try await server.requests().count == 1)
    }

    @Test func explainsAnEmpty401AndOverQuota() async throws {
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--fault", "unauthorizedEmpty:1", "--fault", "overQuota:1",
        ])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let environment = try TestCredentials.environment(in: directory)
        let empty = try step(await check(server).run(environment: environment), "WeatherKit call")
        #expect(empty.summary.contains("empty body") && empty.summary.contains("without a reason"))
        let quota = try step(await check(server).run(environment: environment), "WeatherKit call")
        #expect(quota.summary.contains("OVER_QUOTA"))
        #expect(quota.details.joined().contains("used up"))
    }

    @Test func explainsAClockAheadOfTheServer() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try await check(server, now: { Date().addingTimeInterval(600) })
            .run(environment: TestCredentials.environment(in: directory))
        #expect(!report.passed)
        let call = try step(report, "WeatherKit call")
        #expect(call.summary.contains("NOT_ENABLED"))
        #expect(call.details.contains { $0.contains("clock is off by") })
        let clock = try step(report, "Clock")
        #expect(clock.status == .warn)
        #expect(clock.summary.contains("ahead of"))
        #expect(try await server.requests().first?.tokenError == "iat is in the future")
    }

    @Test func warnsAboutAClockBehindTheServer() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try await check(server, now: { Date().addingTimeInterval(-300) })
            .run(environment: TestCredentials.environment(in: directory))
        #expect(report.passed, "\(report)")
        #expect(try step(report, "Clock").status == .warn)
        #expect(try step(report, "Clock").summary.contains("behind"))
    }

    @Test func explainsNetworkErrors() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let check = CredentialCheck(
            endpoint: try WeatherKitEndpoint(string: "http://127.0.0.1:9"),
            transport: URLSessionTransport(maximumConcurrentRequests: 1), timeout: .seconds(30))
        let report = await check.run(environment: try TestCredentials.environment(in: directory))
        let call = try step(report, "WeatherKit call")
        // Port 9 refuses the connection: the call never reached a service, so it is not
        // charged to the month (check-credentials records it as not sent).
        #expect(!report.callMade && report.callStatus == nil, "a refused connection is not a call made")
        #expect(call.status == .fail)
        #expect(call.summary.contains("could not get an answer from http://127.0.0.1:9"), "\(call.summary)")
        #expect(call.details.joined().contains("WEATHERKIT_ENDPOINT"))
    }

    @Test func namesMissingVariablesWithoutSendingAnything() async throws {
        let transport = FakeTransport.always(status: 200, body: "[]")
        let check = CredentialCheck(endpoint: .production, transport: transport)
        let report = await check.run(environment: ["WEATHERKIT_TEAM_ID": "ABCDE12345"])
        #expect(!report.passed)
        let settings = try step(report, "Settings")
        #expect(settings.summary.contains("WEATHERKIT_SERVICE_ID, WEATHERKIT_KEY_ID, WEATHERKIT_KEY_FILE"))
        #expect(await transport.requests.isEmpty)
        #expect(!report.callMade)
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let key: URL
        let phrase: String
    }

    static let keyCases = [
        KeyCase(testDescription: "RSA", key: TestCredentials.rsaKey, phrase: "an RSA 2048-bit key"),
        KeyCase(testDescription: "P-384", key: TestCredentials.p384Key, phrase: "secp384r1 (P-384)"),
        KeyCase(testDescription: "public key", key: TestCredentials.publicKey, phrase: "not a PEM private key"),
    ]

    @Test(arguments: keyCases) func explainsKeyProblems(_ keyCase: KeyCase) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = FakeTransport.always(status: 200, body: "[]")
        let credentials = try TestCredentials.install(in: directory, key: keyCase.key)
        let report = await CredentialCheck(endpoint: .production, transport: transport).run(credentials: credentials)
        let key = try step(report, "Key file")
        #expect(key.status == .fail)
        #expect(key.summary.contains(keyCase.phrase), "\(key.summary)")
        #expect(await transport.requests.isEmpty)
    }

    @Test func unreadableKeyFileAndLoosePermissions() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let transport = FakeTransport.always(status: 200, body: #"["currentWeather"]"#)
        var credentials = try TestCredentials.install(in: directory, mode: 0o644)
        let loose = await CredentialCheck(endpoint: .production, transport: transport).run(credentials: credentials)
        #expect(loose.passed, "\(loose)")
        #expect(try step(loose, "Key file permissions").status == .warn)
        credentials.keyFile = directory.file("missing.p8").path
        let missing = await CredentialCheck(endpoint: .production, transport: transport).run(credentials: credentials)
        #expect(try step(missing, "Key file").summary.contains("no such file"))
    }
}
