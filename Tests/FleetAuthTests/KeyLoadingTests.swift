import FleetAuth
import FleetTestSupport
import Foundation
import Testing

@Suite("Loading WeatherKit keys")
struct KeyLoadingTests {
    @Test func rsaKeyIsNamedAsWrongType() throws {
        let path = TestCredentials.rsaKey.path
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: path) }
        #expect(error == .wrongKeyType(path: path, found: "an RSA 2048-bit key"))
        #expect(error?.description.contains("EC P-256") == true)
    }

    @Test func p384KeyIsNamedAsWrongCurve() throws {
        let path = TestCredentials.p384Key.path
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: path) }
        #expect(error == .wrongKeyType(path: path, found: "an EC key on secp384r1 (P-384)"))
    }

    @Test func missingFileIsUnreadable() throws {
        let path = "/nonexistent/AuthKey_NOPE.p8"
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: path) }
        #expect(error == .keyFileUnreadable(path: path, reason: "no such file"))
    }

    @Test func directoryIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: directory.url.path) }
        #expect(error == .keyFileUnreadable(path: directory.url.path, reason: "it is a directory, not a regular file"))
    }

    struct GarbageCase: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let text: String
        let expectedPhrase: String
    }

    static let garbage: [GarbageCase] = [
        GarbageCase(testDescription: "plain text", text: "hello, not a key\n", expectedPhrase: "no -----BEGIN"),
        GarbageCase(
            testDescription: "base64 body without armor", text: "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n",
            expectedPhrase: "only the base64 body"),
        GarbageCase(
            testDescription: "public key", text: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
            expectedPhrase: "public key"),
        GarbageCase(
            testDescription: "cut short", text: "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49\n",
            expectedPhrase: "cut short"),
        GarbageCase(
            testDescription: "damaged body",
            text: "-----BEGIN PRIVATE KEY-----\nnot*base64*at*all\n-----END PRIVATE KEY-----\n",
            expectedPhrase: "could not parse"),
    ]

    @Test(arguments: garbage) func garbageIsNotAPrivateKey(_ garbage: GarbageCase) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(garbage.text, to: "AuthKey.p8")
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: file.path) }
        guard case .notAPrivateKey(let path, let detail) = error else {
            Issue.record("expected notAPrivateKey, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(detail.contains(garbage.expectedPhrase), "\(detail)")
    }

    @Test func emptyFileIsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("", to: "empty.p8")
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: file.path) }
        #expect(error == .keyFileUnreadable(path: file.path, reason: "the file is empty"))
    }

    @Test func errorsNeverContainKeyText() throws {
        let pem = try String(contentsOf: TestCredentials.rsaKey, encoding: .utf8)
        let bodyLine = try #require(pem.split(separator: "\n").dropFirst().first)
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: TestCredentials.rsaKey.path) }
        #expect(error?.description.contains(bodyLine) == false)
    }

    /// A device, a FIFO or a directory is refused by its type before anything is read: a FIFO
    /// with no writer would block `open(2)` for ever, and `/dev/zero` would be read without end.
    @Test(arguments: ["/dev/null", "/dev/zero"]) func deviceIsNotARegularFile(_ path: String) throws {
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: path) }
        #expect(error == .keyFileUnreadable(path: path, reason: "it is not a regular file (a character device)"))
    }

    @Test func oversizedFileIsRefusedByItsSize() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("big.p8")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: file.path) }
        #expect(
            error
                == .keyFileUnreadable(
                    path: file.path, reason: "it is 1073741824 bytes, larger than any key file (at most 64 KiB)"))
    }

    @Test func pathInMessagesIsBoundedAndEscaped() throws {
        let path = "/keys/\u{1B}]0;pwned\u{07}\n" + String(repeating: "x", count: 5000) + ".p8"
        let error = #expect(throws: AuthError.self) { try ES256Signer(keyFile: path) }
        let text = error?.description ?? ""
        #expect(text.count < 400, "\(text.count) characters")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text)")
        #expect(text.contains("/keys/\\x1b]0;pwned\\x07\\n"), "\(text)")
    }
}
