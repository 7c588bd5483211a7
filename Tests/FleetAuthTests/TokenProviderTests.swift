import FleetAuth
import FleetTestSupport
import Foundation
import Testing

/// A compact JWS split and decoded, for inspecting minted tokens.
private struct DecodedToken {
    let header: [String: Any]
    let claims: [String: Any]
    let signingInput: [UInt8]
    let signature: [UInt8]

    init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        let headerBytes = try #require(Base64URL.decode(parts[0]))
        let claimBytes = try #require(Base64URL.decode(parts[1]))
        header = try #require(try JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any])
        claims = try #require(try JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any])
        signingInput = Array("\(parts[0]).\(parts[1])".utf8)
        signature = try #require(Base64URL.decode(parts[2]))
    }

    func int(_ claim: String) -> Int? { (claims[claim] as? NSNumber)?.intValue }
}

@Suite("Developer tokens")
struct TokenProviderTests {
    @Test func tokenHasExactlyAppleHeaderAndClaims() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let provider = try TokenProvider(credentials: TestCredentials.install(in: directory), now: clock.closure)
        let decoded = try DecodedToken(await provider.token())
        #expect(Set(decoded.header.keys) == ["alg", "kid", "id"])
        #expect(decoded.header["alg"] as? String == "ES256")
        #expect(decoded.header["kid"] as? String == TestCredentials.keyID)
        #expect(decoded.header["id"] as? String == "\(TestCredentials.teamID).\(TestCredentials.serviceID)")
        #expect(Set(decoded.claims.keys) == ["iss", "iat", "exp", "sub"])
        #expect(decoded.claims["iss"] as? String == TestCredentials.teamID)
        #expect(decoded.claims["sub"] as? String == TestCredentials.serviceID)
        let now = Int(clock.now().timeIntervalSince1970)
        #expect(decoded.int("iat") == now - 30)
        #expect(decoded.int("exp") == now + 30 * 60)
        let verifier = try ES256Verifier(publicKeyPEM: String(contentsOf: TestCredentials.publicKey, encoding: .utf8))
        #expect(verifier.verify(signature: decoded.signature, for: decoded.signingInput))
    }

    @Test func tokenIsReusedUntilShortlyBeforeExpiry() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let provider = try TokenProvider(credentials: TestCredentials.install(in: directory), now: clock.closure)
        let first = try await provider.token()
        clock.advance(by: 28 * 60)
        #expect(try await provider.token() == first)
        clock.advance(by: 60)  // 29 minutes: within the 60 s margin of exp
        let second = try await provider.token()
        #expect(second != first)
        #expect(try await provider.token() == second)
        #expect(await provider.mintedCount == 2)
    }

    @Test func renewForcesANewToken() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let provider = try TokenProvider(credentials: TestCredentials.install(in: directory), now: clock.closure)
        let first = try await provider.token()
        let renewed = try await provider.renew()
        #expect(renewed != first)
        #expect(try await provider.token() == renewed)
        #expect(await provider.verifiesWithOwnKey(renewed))
        #expect(!(await provider.verifiesWithOwnKey(renewed + "A")))
    }

    @Test func concurrentCallersShareOneToken() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let provider = try TokenProvider(credentials: TestCredentials.install(in: directory))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await provider.token() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
        #expect(await provider.mintedCount == 1)
    }

    @Test func groupReadableKeyFileIsWarnedAbout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let loose = try TokenProvider(credentials: TestCredentials.install(in: directory, mode: 0o644))
        let warning = try #require(loose.keyFileWarning)
        #expect(warning.contains("is readable by other users"))
        #expect(warning.contains("chmod 600 \(loose.credentials.keyFile)"))
        let keyText = try String(contentsOf: TestCredentials.privateKey, encoding: .utf8)
        for line in keyText.split(separator: "\n") { #expect(!warning.contains(line)) }
        let tight = try TokenProvider(credentials: TestCredentials.install(in: directory, mode: 0o600))
        #expect(tight.keyFileWarning == nil)
    }

    /// The permission check follows a symbolic link to the key (a link's own mode is always
    /// 777 on Linux, so checking the link warned about every linked key, even a private one).
    @Test func linkedKeyFileIsJudgedByTheFileItNamesTo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let link = directory.file("linked.p8")
        for (mode, warns) in [(0o600, false), (0o644, true)] {
            let installed = try TestCredentials.install(in: directory, mode: mode)
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: installed.keyFile)
            var credentials = installed
            credentials.keyFile = link.path
            let provider = try TokenProvider(credentials: credentials)
            #expect((provider.keyFileWarning != nil) == warns, "mode \(String(mode, radix: 8))")
        }
    }

    @Test func wrongKeyFailsAtConstruction() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let credentials = try TestCredentials.install(in: directory, key: TestCredentials.p384Key)
        #expect(throws: AuthError.wrongKeyType(path: credentials.keyFile, found: "an EC key on secp384r1 (P-384)")) {
            try TokenProvider(credentials: credentials)
        }
    }
}
