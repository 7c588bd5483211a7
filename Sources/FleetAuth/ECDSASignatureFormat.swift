internal import CCrypto

/// Conversion between OpenSSL's DER `ECDSA-Sig-Value` and JOSE's fixed 64-byte `R ‖ S`.
///
/// JWS (RFC 7518 §3.4) needs each half as exactly 32 big-endian bytes. OpenSSL's
/// `d2i_ECDSA_SIG` / `BN_bn2binpad` do the parsing and left padding, so no ASN.1 is written
/// by hand here: a hand parser that pads a short `r` with a single zero byte (as some libraries
/// did) produces an invalid token about once in 65,000 signatures.
public enum ECDSASignatureFormat {
    /// Bytes per half of a P-256 signature.
    public static let componentSize = 32

    /// Converts a DER signature to 64 bytes `R ‖ S`.
    ///
    /// - Parameter der: A DER `SEQUENCE { INTEGER r, INTEGER s }`.
    /// - Returns: `r` and `s`, each left-padded to 32 bytes.
    /// - Throws: ``AuthError/malformedSignature(_:)`` when the DER does not parse or a half
    ///   does not fit in 32 bytes.
    public static func rawFromDER(_ der: [UInt8]) throws(AuthError) -> [UInt8] {
        let signature = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let signature else {
            throw .malformedSignature("not a DER ECDSA signature (\(OpenSSLKey.lastError()))")
        }
        defer { ECDSA_SIG_free(signature) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(signature, &r, &s)
        guard let r, let s else { throw .malformedSignature("signature lacks r or s") }
        var raw = [UInt8](repeating: 0, count: 2 * componentSize)
        let written = raw.withUnsafeMutableBufferPointer { buffer -> (Int32, Int32) in
            guard let base = buffer.baseAddress else { return (-1, -1) }
            return (
                BN_bn2binpad(r, base, Int32(componentSize)),
                BN_bn2binpad(s, base + componentSize, Int32(componentSize))
            )
        }
        guard written.0 == Int32(componentSize), written.1 == Int32(componentSize) else {
            throw .malformedSignature("r or s is longer than \(componentSize) bytes")
        }
        return raw
    }

    /// Converts 64 bytes `R ‖ S` to a DER signature, for `EVP_DigestVerify`.
    ///
    /// - Parameter raw: 64 bytes.
    /// - Returns: The DER encoding.
    /// - Throws: ``AuthError/malformedSignature(_:)`` when `raw` is not 64 bytes.
    public static func derFromRaw(_ raw: [UInt8]) throws(AuthError) -> [UInt8] {
        guard raw.count == 2 * componentSize else {
            throw .malformedSignature("expected \(2 * componentSize) bytes R‖S, got \(raw.count)")
        }
        guard let signature = ECDSA_SIG_new() else { throw .malformedSignature(OpenSSLKey.lastError()) }
        defer { ECDSA_SIG_free(signature) }
        let halves = raw.withUnsafeBufferPointer { buffer -> (OpaquePointer?, OpaquePointer?) in
            guard let base = buffer.baseAddress else { return (nil, nil) }
            return (
                BN_bin2bn(base, Int32(componentSize), nil),
                BN_bin2bn(base + componentSize, Int32(componentSize), nil)
            )
        }
        guard let r = halves.0, let s = halves.1, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(halves.0)
            BN_free(halves.1)
            throw .malformedSignature(OpenSSLKey.lastError())
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { throw .malformedSignature(OpenSSLKey.lastError()) }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        guard written == length else { throw .malformedSignature(OpenSSLKey.lastError()) }
        return der
    }
}
