internal import CCrypto

/// Thin helpers over libcrypto's `EVP_PKEY` API, shared by the signer and the verifier.
///
/// Every function returns an owned `EVP_PKEY*` (free it with `EVP_PKEY_free`) or `nil`; the
/// callers turn `nil` into an ``AuthError`` with the reason from ``lastError()``.
enum OpenSSLKey {
    /// The DER prefix of a SubjectPublicKeyInfo for an uncompressed P-256 point: SEQUENCE {
    /// SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING { 0x04 ‖ x ‖ y } }. Fixed bytes, not
    /// an ASN.1 encoder: only the 64 coordinate bytes vary.
    static let p256PublicKeyPrefix: [UInt8] = [
        0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A,
        0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00, 0x04,
    ]

    /// Parses a PEM private key (PKCS#8 `BEGIN PRIVATE KEY`, or SEC1 `BEGIN EC PRIVATE KEY`).
    ///
    /// The password callback always answers "no password", so an encrypted key fails instead
    /// of OpenSSL prompting on the terminal of an unattended batch job.
    static func readPrivateKey(pem: [UInt8]) -> OpaquePointer? {
        withMemoryBIO(pem) { bio in
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        }
    }

    /// Parses a PEM `BEGIN PUBLIC KEY` (SubjectPublicKeyInfo).
    static func readPublicKey(pem: [UInt8]) -> OpaquePointer? {
        withMemoryBIO(pem) { bio in
            PEM_read_bio_PUBKEY(bio, nil, { _, _, _, _ in 0 }, nil)
        }
    }

    /// Parses a DER SubjectPublicKeyInfo.
    static func readPublicKey(der: [UInt8]) -> OpaquePointer? {
        der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
    }

    /// The DER SubjectPublicKeyInfo of a key's public half.
    static func publicKeyDER(_ key: OpaquePointer) -> [UInt8]? {
        let length = i2d_PUBKEY(key, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_PUBKEY(key, &cursor)
        }
        return written == length ? der : nil
    }

    /// True for an EC key on P-256 (prime256v1), the only key ES256 allows.
    static func isP256(_ key: OpaquePointer) -> Bool {
        EVP_PKEY_get_base_id(key) == EVP_PKEY_EC && EVP_PKEY_get_bits(key) == 256 && groupName(key) == "prime256v1"
    }

    /// A readable description of a key's type for error messages, e.g. "an RSA 2048-bit key"
    /// or "an EC key on secp384r1 (P-384)". Describes the type only, never key material.
    static func describe(_ key: OpaquePointer) -> String {
        let bits = EVP_PKEY_get_bits(key)
        if EVP_PKEY_get_base_id(key) == EVP_PKEY_EC {
            let group = groupName(key) ?? "an unknown curve"
            let nist = ["prime256v1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521", "secp224r1": "P-224"]
            let alias = nist[group].map { " (\($0))" } ?? ""
            return "an EC key on \(group)\(alias)"
        }
        let typeName = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
        return "an \(typeName) \(bits)-bit key"
    }

    /// Drains OpenSSL's thread-local error queue into one line (the newest reason last).
    ///
    /// Draining matters: a stale entry would otherwise be blamed for the next failure.
    static func lastError() -> String {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            reasons.append(String(decoding: bytes, as: UTF8.self))
        }
        return reasons.isEmpty ? "no reason given by OpenSSL" : reasons.joined(separator: "; ")
    }

    private static func groupName(_ key: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &buffer, buffer.count, &length) == 1 else {
            _ = lastError()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func withMemoryBIO(_ bytes: [UInt8], _ body: (OpaquePointer) -> OpaquePointer?) -> OpaquePointer? {
        bytes.withUnsafeBytes { raw -> OpaquePointer? in
            guard let base = raw.baseAddress, let bio = BIO_new_mem_buf(base, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return body(bio)
        }
    }
}
