import FleetAuth
import FleetTestSupport
import Foundation
import Testing

@Suite("ES256 signing and verification")
struct ES256Tests {
    private func testSigner() throws -> ES256Signer {
        try ES256Signer(keyFile: TestCredentials.privateKey.path)
    }

    private func testVerifier() throws -> ES256Verifier {
        try ES256Verifier(publicKeyPEM: String(contentsOf: TestCredentials.publicKey, encoding: .utf8))
    }

    @Test func signatureRoundTrips() throws {
        let signer = try testSigner()
        let message = Array("eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ0ZXN0In0".utf8)
        let signature = try signer.sign(message)
        #expect(signature.count == 64)
        #expect(try testVerifier().verify(signature: signature, for: message))
        #expect(try signer.publicVerifier().verify(signature: signature, for: message))
    }

    @Test func signaturesAreRandomizedYetBothVerify() throws {
        let signer = try testSigner()
        let message = Array("same message".utf8)
        let first = try signer.sign(message)
        let second = try signer.sign(message)
        #expect(first != second)
        let verifier = try testVerifier()
        #expect(verifier.verify(signature: first, for: message))
        #expect(verifier.verify(signature: second, for: message))
    }

    @Test func tamperedMessageOrSignatureFails() throws {
        let signer = try testSigner()
        let message = Array("header.claims".utf8)
        var signature = try signer.sign(message)
        let verifier = try testVerifier()
        #expect(!verifier.verify(signature: signature, for: Array("header.claimz".utf8)))
        signature[10] ^= 0x01
        #expect(!verifier.verify(signature: signature, for: message))
        #expect(!verifier.verify(signature: Array(signature.prefix(63)), for: message))
    }

    @Test func otherKeyDoesNotVerify() throws {
        let message = Array("x".utf8)
        let signature = try testSigner().sign(message)
        let pem = try String(contentsOf: TestCredentials.rfc7515PublicKey, encoding: .utf8)
        let rfcKey = try ES256Verifier(publicKeyPEM: pem)
        #expect(!rfcKey.verify(signature: signature, for: message))
    }

    @Test func publicKeyPEMMatchesFixture() throws {
        let exported = try testSigner().publicKeyPEM()
        let fixture = try String(contentsOf: TestCredentials.publicKey, encoding: .utf8)
        #expect(exported == fixture)
    }

    /// RFC 7515 Appendix A.3: Apple-independent proof that verification (and so the JOSE
    /// R‖S layout) is right. Only the public half is used: the private `d` is not trusted.
    @Test func rfc7515AppendixA3Verifies() throws {
        let input =
            "eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        let signatureText = "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
        let x = try #require(Base64URL.decode("f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU"))
        let y = try #require(Base64URL.decode("x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"))
        let signature = try #require(Base64URL.decode(signatureText))
        let fromXY = try ES256Verifier(x: x, y: y)
        #expect(fromXY.verify(signature: signature, for: Array(input.utf8)))
        let pem = try String(contentsOf: TestCredentials.rfc7515PublicKey, encoding: .utf8)
        #expect(try ES256Verifier(publicKeyPEM: pem).verify(signature: signature, for: Array(input.utf8)))
        #expect(!fromXY.verify(signature: signature, for: Array((input + "x").utf8)))
    }

    @Test func pointOffTheCurveIsRejected() throws {
        let x = [UInt8](repeating: 1, count: 32)
        #expect(throws: AuthError.self) { try ES256Verifier(x: x, y: x) }
        #expect(throws: AuthError.self) { try ES256Verifier(x: [1, 2], y: [3]) }
    }

    @Test func shortDERIntegersAreLeftPadded() throws {
        let raw = try ECDSASignatureFormat.rawFromDER([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02])
        #expect(raw.count == 64)
        #expect(raw[0..<31].allSatisfy { $0 == 0 } && raw[31] == 1)
        #expect(raw[32..<63].allSatisfy { $0 == 0 } && raw[63] == 2)
        let der = try ECDSASignatureFormat.derFromRaw(raw)
        #expect(der == [0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02])
    }

    @Test func malformedDERIsRejected() {
        #expect(throws: AuthError.self) { try ECDSASignatureFormat.rawFromDER([0x30, 0x03, 0x02]) }
        #expect(throws: AuthError.self) { try ECDSASignatureFormat.derFromRaw([UInt8](repeating: 1, count: 63)) }
    }
}
