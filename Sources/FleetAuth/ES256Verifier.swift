internal import CCrypto

/// ES256 signature verification with an EC P-256 public key, through OpenSSL.
///
/// Used by tests (RFC 7515 vectors, round trips) and by `check-credentials`, which proves a
/// minted token verifies with the key's own public half before blaming Apple for a 401.
///
/// Not `Sendable`: it owns a C `EVP_PKEY*`.
public final class ES256Verifier {
    private let key: OpaquePointer

    /// Loads a PEM `-----BEGIN PUBLIC KEY-----` (SubjectPublicKeyInfo).
    ///
    /// - Parameter publicKeyPEM: The PEM text.
    /// - Throws: ``AuthError/invalidPublicKey(_:)`` when it does not parse or is not P-256.
    public convenience init(publicKeyPEM: String) throws(AuthError) {
        guard let key = OpenSSLKey.readPublicKey(pem: Array(publicKeyPEM.utf8)) else {
            throw .invalidPublicKey("not a PEM public key (\(OpenSSLKey.lastError()))")
        }
        try self.init(owning: key)
    }

    /// Loads a public key from its affine coordinates, as in a JWK (`x`, `y`).
    ///
    /// - Parameters:
    ///   - x: 32 big-endian bytes.
    ///   - y: 32 big-endian bytes.
    /// - Throws: ``AuthError/invalidPublicKey(_:)`` when the sizes are wrong or the point is
    ///   not on P-256.
    public convenience init(x: [UInt8], y: [UInt8]) throws(AuthError) {
        let size = ECDSASignatureFormat.componentSize
        guard x.count == size, y.count == size else {
            throw .invalidPublicKey("x and y must be \(size) bytes each, got \(x.count) and \(y.count)")
        }
        try self.init(publicKeyDER: OpenSSLKey.p256PublicKeyPrefix + x + y)
    }

    /// Loads a DER SubjectPublicKeyInfo.
    ///
    /// - Parameter publicKeyDER: The DER bytes.
    /// - Throws: ``AuthError/invalidPublicKey(_:)``.
    public convenience init(publicKeyDER: [UInt8]) throws(AuthError) {
        guard let key = OpenSSLKey.readPublicKey(der: publicKeyDER) else {
            throw .invalidPublicKey("not a P-256 public key (\(OpenSSLKey.lastError()))")
        }
        try self.init(owning: key)
    }

    private init(owning key: OpaquePointer) throws(AuthError) {
        guard OpenSSLKey.isP256(key) else {
            let found = OpenSSLKey.describe(key)
            EVP_PKEY_free(key)
            throw .invalidPublicKey("expected an EC P-256 key, found \(found)")
        }
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    /// Checks an ES256 signature.
    ///
    /// - Parameters:
    ///   - signature: 64 bytes `R ‖ S` (JOSE form).
    ///   - message: The signed bytes.
    /// - Returns: `true` only when the signature is well formed and valid.
    public func verify(signature: [UInt8], for message: [UInt8]) -> Bool {
        guard let der = try? ECDSASignatureFormat.derFromRaw(signature) else { return false }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer {
            EVP_MD_CTX_free(context)
            _ = OpenSSLKey.lastError()
        }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        let status = der.withUnsafeBufferPointer { sig in
            message.withUnsafeBufferPointer { input in
                EVP_DigestVerify(context, sig.baseAddress, sig.count, input.baseAddress, input.count)
            }
        }
        return status == 1
    }
}

@available(*, unavailable, message: "ES256Verifier owns an OpenSSL EVP_PKEY")
extension ES256Verifier: Sendable {}
