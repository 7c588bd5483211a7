import FleetAuth
import Testing

@Suite("Base64url")
struct Base64URLTests {
    @Test(arguments: [
        ([UInt8](), ""), ([0xFB], "-w"), ([0xFB, 0xFF], "-_8"), ([0xFB, 0xFF, 0xBF], "-_-_"),
        (Array("{\"alg\":\"ES256\"}".utf8), "eyJhbGciOiJFUzI1NiJ9"),
    ])
    func encodesWithoutPadding(bytes: [UInt8], text: String) {
        #expect(Base64URL.encode(bytes) == text)
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test func decodeAcceptsPaddingAndRejectsStandardAlphabet() {
        #expect(Base64URL.decode("-w==") == [0xFB])
        #expect(Base64URL.decode("+w") == nil)
        #expect(Base64URL.decode("/w") == nil)
        #expect(Base64URL.decode("a") == nil)
        #expect(Base64URL.decode("a$b=") == nil)
    }
}
