internal import CCrypto

/// ES256 (ECDSA P-256 with SHA-256) signing with a WeatherKit `.p8` key, through OpenSSL.
///
/// The PEM is parsed once, in the initializer, and the `EVP_PKEY` is kept until `deinit`:
/// re-reading the key on every signature (as some JWT libraries do) is slow and spreads key
/// text through memory.
///
/// Not `Sendable`: it owns a C `EVP_PKEY*`. Keep it inside one actor (``TokenProvider`` does),
/// so no argument about OpenSSL's thread safety is needed.
public final class ES256Signer {
    private let key: OpaquePointer

    /// Loads the private key from a file.
    ///
    /// - Parameter keyFile: Path of a PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), like Apple's
    ///   `AuthKey_XXXXXXXXXX.p8`; SEC1 `BEGIN EC PRIVATE KEY` works too.
    /// - Throws: ``AuthError/keyFileUnreadable(path:reason:)``,
    ///   ``AuthError/notAPrivateKey(path:detail:)`` or ``AuthError/wrongKeyType(path:found:)``.
    public convenience init(keyFile: String) throws(AuthError) {
        var pem = try KeyFile.read(path: keyFile)
        defer { KeyFile.wipe(&pem) }
        try self.init(pem: pem, source: keyFile)
    }

    /// Loads the private key from PEM bytes.
    ///
    /// - Parameters:
    ///   - pem: The PEM text's bytes.
    ///   - source: Where the bytes came from, for error messages (a path, never the text).
    /// - Throws: ``AuthError/notAPrivateKey(path:detail:)`` or ``AuthError/wrongKeyType(path:found:)``.
    public init(pem: [UInt8], source: String) throws(AuthError) {
        guard let key = OpenSSLKey.readPrivateKey(pem: pem) else {
            _ = OpenSSLKey.lastError()
            throw .notAPrivateKey(path: source, detail: Self.diagnose(pem))
        }
        guard OpenSSLKey.isP256(key) else {
            let found = OpenSSLKey.describe(key)
            EVP_PKEY_free(key)
            throw .wrongKeyType(path: source, found: found)
        }
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    /// Signs a message with ES256.
    ///
    /// ECDSA signatures are randomized: signing the same message twice gives different bytes,
    /// and both verify.
    ///
    /// - Parameter message: The bytes to sign (for a JWT, the ASCII `header.claims`).
    /// - Returns: 64 bytes `R ‖ S` (JOSE form, not DER).
    /// - Throws: ``AuthError/signingFailed(_:)`` with OpenSSL's reason.
    public func sign(_ message: [UInt8]) throws(AuthError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw .signingFailed(OpenSSLKey.lastError()) }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else {
            throw .signingFailed(OpenSSLKey.lastError())
        }
        var length = 0
        var der: [UInt8] = []
        let status = message.withUnsafeBufferPointer { input -> Int32 in
            guard EVP_DigestSign(context, nil, &length, input.baseAddress, input.count) == 1 else { return 0 }
            der = [UInt8](repeating: 0, count: length)
            return EVP_DigestSign(context, &der, &length, input.baseAddress, input.count)
        }
        guard status == 1 else { throw .signingFailed(OpenSSLKey.lastError()) }
        do {
            return try ECDSASignatureFormat.rawFromDER(Array(der.prefix(length)))
        } catch {
            throw .signingFailed(error.description)
        }
    }

    /// A verifier holding only this key's public half, for self-checks of minted tokens.
    ///
    /// - Returns: The verifier.
    /// - Throws: ``AuthError/invalidPublicKey(_:)`` if OpenSSL cannot export the public half.
    public func publicVerifier() throws(AuthError) -> ES256Verifier {
        guard let der = OpenSSLKey.publicKeyDER(key) else { throw .invalidPublicKey(OpenSSLKey.lastError()) }
        return try ES256Verifier(publicKeyDER: der)
    }

    /// The public half as a PEM `PUBLIC KEY` (safe to print or share).
    ///
    /// - Returns: The PEM text.
    /// - Throws: ``AuthError/invalidPublicKey(_:)`` if OpenSSL cannot export it.
    public func publicKeyPEM() throws(AuthError) -> String {
        guard let der = OpenSSLKey.publicKeyDER(key) else { throw .invalidPublicKey(OpenSSLKey.lastError()) }
        return PEM.encode(der, label: "PUBLIC KEY")
    }

    /// Explains why PEM bytes are not a usable private key, from their armor lines only.
    private static func diagnose(_ pem: [UInt8]) -> String {
        let text = String(decoding: pem, as: UTF8.self)
        if text.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
            return "it is encrypted with a passphrase; Apple's keys are not, so this is not the downloaded .p8"
        }
        if text.contains("-----BEGIN PUBLIC KEY-----") || text.contains("-----BEGIN CERTIFICATE-----") {
            return "it holds a public key or certificate, not the private key"
        }
        if !text.contains("-----BEGIN") {
            return "no -----BEGIN PRIVATE KEY----- line (was only the base64 body pasted?)"
        }
        if !text.contains("-----END") {
            return "no -----END PRIVATE KEY----- line (is the file cut short?)"
        }
        return "OpenSSL could not parse the key (damaged or not a PKCS#8/SEC1 key)"
    }
}

@available(*, unavailable, message: "ES256Signer owns an OpenSSL EVP_PKEY; keep it inside one actor")
extension ES256Signer: Sendable {}
