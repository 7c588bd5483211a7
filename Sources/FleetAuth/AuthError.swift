public import Foundation

/// Everything that can go wrong while loading a WeatherKit key or minting a developer token.
///
/// Descriptions name the file, the setting or the OpenSSL reason, so an operator knows what
/// to fix, but never contain key material or a token: they end up in logs and reports. Paths
/// are shown bounded and escaped (``KeyPath/display(_:)``).
public enum AuthError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// Some of the four `WEATHERKIT_*` environment variables are missing or empty.
    case missingEnvironment([String])
    /// `WEATHERKIT_KEY_FILE` holds the key text itself instead of the path of the key file.
    /// Carries nothing of the value, so no description or dump of the error can repeat it.
    case keyFileHoldsKeyText
    /// The key file could not be read (missing, a directory, no permission, not a regular
    /// file, too large).
    case keyFileUnreadable(path: String, reason: String)
    /// The file is readable but holds no PEM private key OpenSSL can parse.
    case notAPrivateKey(path: String, detail: String)
    /// The file holds a private key, but not the EC P-256 key ES256 needs.
    case wrongKeyType(path: String, found: String)
    /// A public key given for verification is malformed or not EC P-256.
    case invalidPublicKey(String)
    /// OpenSSL failed while signing, or the token's parts could not be encoded.
    case signingFailed(String)
    /// A signature is not a well-formed ECDSA signature (DER or 64-byte R‖S).
    case malformedSignature(String)

    public var description: String {
        switch self {
        case .missingEnvironment(let names):
            let list = names.joined(separator: ", ")
            return "WeatherKit credentials are incomplete: set \(list) (the Team ID, Services ID, Key ID and "
                + "the path of the AuthKey_XXXXXXXXXX.p8 file from your Apple Developer account)"
        case .keyFileHoldsKeyText:
            return "WEATHERKIT_KEY_FILE holds what looks like the key itself (PEM text), not a path to the .p8 "
                + "file: set it to the path of the AuthKey_XXXXXXXXXX.p8 file (the value is not shown here)"
        case .keyFileUnreadable(let path, let reason):
            return "cannot read the WeatherKit key file \(KeyPath.display(path)) (WEATHERKIT_KEY_FILE): \(reason)"
        case .notAPrivateKey(let path, let detail):
            return "the WeatherKit key file \(KeyPath.display(path)) is not a PEM private key: \(detail). Use the "
                + "AuthKey_XXXXXXXXXX.p8 file downloaded from Apple, including its -----BEGIN PRIVATE KEY----- "
                + "and -----END PRIVATE KEY----- lines"
        case .wrongKeyType(let path, let found):
            return
                "the WeatherKit key file \(KeyPath.display(path)) holds \(found), but WeatherKit tokens need an EC P-256 "
                + "(prime256v1) key for ES256: download the WeatherKit key (AuthKey_XXXXXXXXXX.p8) again"
        case .invalidPublicKey(let detail):
            return "invalid ES256 public key: \(detail)"
        case .signingFailed(let detail):
            return "ES256 signing failed: \(detail)"
        case .malformedSignature(let detail):
            return "malformed ECDSA signature: \(detail)"
        }
    }

    public var errorDescription: String? { description }
}
