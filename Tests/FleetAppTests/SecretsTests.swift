import FleetAuth
import FleetTestSupport
import Foundation
import Testing

/// No secret leaves the process: not the developer token, not the key.
///
/// Tokens differ per mint, so the checks look for what every token shares: the base64url
/// header segment (deterministic for the test identity), the `eyJ` that starts every JWT
/// segment, and `Bearer`; and for each base64 line of the private key file.
@Suite("Secrets stay secret")
struct SecretsTests {
    /// `{"alg":"ES256","id":"TEAM.SERVICE","kid":"KEY"}`, base64url: how every token begins.
    static var tokenHeaderSegment: String {
        let header =
            "{\"alg\":\"ES256\",\"id\":\"\(TestCredentials.teamID).\(TestCredentials.serviceID)\","
            + "\"kid\":\"\(TestCredentials.keyID)\"}"
        return Data(header.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// The base64 lines of the private key's PEM body.
    static func keyLines() throws -> [String] {
        let pem = try String(contentsOf: TestCredentials.privateKey, encoding: .utf8)
        return pem.split(whereSeparator: \.isNewline).map(String.init).filter {
            !$0.hasPrefix("-----") && $0.count >= 16
        }
    }

    /// Strings that must never appear, and whether each is safe to look for in binary files.
    static func needles() throws -> [(text: String, inBinary: Bool)] {
        [(tokenHeaderSegment, true), ("Bearer", true), ("eyJ", false)] + (try keyLines().map { ($0, true) })
    }

    /// Every file under a directory except the installed key itself.
    static func files(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && !url.lastPathComponent.hasPrefix("AuthKey_")
        }
    }

    @Test("the test key and the header every token starts with are what the checks look for")
    func needlesAreReal() async throws {
        #expect(try Self.keyLines().count >= 2)
        #expect(Self.tokenHeaderSegment.hasPrefix("eyJ"))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let minted = try await TokenProvider(credentials: TestCredentials.install(in: directory)).token()
        #expect(minted.hasPrefix(Self.tokenHeaderSegment + "."))
        // The fake server verified tokens built this way: the header text matches the product's.
        let server = try await FakeWeatherKitServer.start(arguments: [
            "--team-id", TestCredentials.teamID, "--service-id", TestCredentials.serviceID, "--key-id",
            TestCredentials.keyID,
        ])
        defer { server.stop() }
        let live = try LiveHarness()
        defer { live.remove() }
        let result = await live.run(["check-credentials", "--endpoint", server.baseURL.absoluteString])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try await server.requests().allSatisfy(\.tokenVerified))
    }

    @Test("no token, bearer header or key text in output, reports, state database, WAL or recordings")
    func nothingLeaks() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let refusing = try await FakeWeatherKitServer.start(publicKey: TestCredentials.rfc7515PublicKey)
        defer { refusing.stop() }
        let live = try LiveHarness(requestTimeoutSeconds: 2)
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(3)), to: "s.csv")
        var outputs: [AppHarness.Result] = []
        try await server.setFaults(
            FakeFaults(rules: [
                FakeFaults.Rule(.status5xx, count: 1), FakeFaults.Rule(.unauthorizedEmpty, count: 1),
                FakeFaults.Rule(.truncated, count: 1), FakeFaults.Rule(.hang, count: 1, hangSeconds: 5),
            ]))
        outputs.append(await live.run(LiveRunTests.runArguments(server, out: "r", extra: ["--record", "rec"])))
        #expect(outputs[0].exitCode == 0, "\(outputs[0].stderr)")
        outputs.append(try await live.runBinary(LiveRunTests.runArguments(server, out: "r2")))
        outputs.append(
            await live.run([
                "run", "s.csv", "--endpoint", refusing.baseURL.absoluteString, "--state", "refused.sqlite", "--out",
                "refused",
            ]))
        #expect(outputs[2].exitCode == 1, "\(outputs[2].stderr)")
        outputs.append(await live.run(["check-credentials", "--endpoint", refusing.baseURL.absoluteString]))
        outputs.append(await live.run(["check-credentials", "--endpoint", server.baseURL.absoluteString]))
        outputs.append(await live.run(["quota", "--state", "state.sqlite"]))
        outputs.append(await live.run(["plan", "s.csv", "--state", "state.sqlite", "--json"]))
        outputs.append(await live.run(["cache", "--state", "state.sqlite", "--json"]))
        let needles = try Self.needles()
        for (index, output) in outputs.enumerated() {
            for needle in needles {
                #expect(!output.stdout.contains(needle.text), "stdout of command \(index) contains \(needle.text)")
                #expect(!output.stderr.contains(needle.text), "stderr of command \(index) contains \(needle.text)")
            }
        }
        let files = Self.files(under: live.directory.url)
        #expect(files.contains { $0.lastPathComponent == "state.sqlite" })
        #expect(files.contains { $0.lastPathComponent == "refused.sqlite" })
        #expect(files.contains { $0.path.contains("/rec/") })
        #expect(files.contains { $0.lastPathComponent == "flights.csv" })
        for file in files {
            let data = try Data(contentsOf: file)
            let isDatabase = file.lastPathComponent.contains(".sqlite")
            for needle in needles where needle.inBinary || !isDatabase {
                #expect(data.range(of: Data(needle.text.utf8)) == nil, "\(file.path) contains \(needle.text)")
            }
        }
    }
}
