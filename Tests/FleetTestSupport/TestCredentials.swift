public import FleetAuth
public import Foundation

/// The TEST-ONLY WeatherKit identity and key files in `Tests/Fixtures/credentials`.
///
/// Git does not keep file modes, so the private key is copied into a temporary directory
/// with mode 600 before use; otherwise every test would see the "readable by other users"
/// warning.
public enum TestCredentials {
    /// A made-up 10-character Team ID.
    public static let teamID = "TEST0TEAM1"
    /// A made-up Services ID.
    public static let serviceID = "com.example.fleetwx-test"
    /// A made-up 10-character Key ID.
    public static let keyID = "TESTKEY001"

    /// `Tests/Fixtures/credentials`, found from this file's location.
    public static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/credentials", isDirectory: true)

    /// The EC P-256 private key (PKCS#8 PEM, like Apple's `.p8`).
    public static var privateKey: URL { fixtures.appendingPathComponent("test-p256-private.p8") }
    /// The public half of ``privateKey``.
    public static var publicKey: URL { fixtures.appendingPathComponent("test-p256-public.pem") }
    /// An RSA 2048-bit private key (wrong type).
    public static var rsaKey: URL { fixtures.appendingPathComponent("test-rsa2048-private.pem") }
    /// An EC P-384 private key (wrong curve).
    public static var p384Key: URL { fixtures.appendingPathComponent("test-p384-private.pem") }
    /// The RFC 7515 Appendix A.3 public key (no private half exists here).
    public static var rfc7515PublicKey: URL { fixtures.appendingPathComponent("rfc7515-a3-public.pem") }

    /// Copies a key into `directory` with the given mode and returns credentials using it.
    ///
    /// - Parameters:
    ///   - directory: A per-test temporary directory.
    ///   - key: The key file to install (default: the valid P-256 key).
    ///   - mode: The file mode (default 600).
    /// - Returns: The test identity with `keyFile` pointing at the copy.
    /// - Throws: When the copy fails.
    public static func install(
        in directory: TemporaryDirectory, key: URL = privateKey, mode: Int = 0o600
    ) throws -> Credentials {
        let target = directory.file("AuthKey_\(keyID).p8")
        try? FileManager.default.removeItem(at: target)
        try Data(contentsOf: key).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target.path)
        return Credentials(teamID: teamID, serviceID: serviceID, keyID: keyID, keyFile: target.path)
    }

    /// The four `WEATHERKIT_*` variables for ``install(in:key:mode:)``'s credentials.
    ///
    /// - Parameters:
    ///   - directory: A per-test temporary directory.
    ///   - mode: The key copy's file mode (default 600; 644 for the "readable by other users"
    ///     warning).
    /// - Returns: An environment dictionary.
    /// - Throws: When the copy fails.
    public static func environment(in directory: TemporaryDirectory, mode: Int = 0o600) throws -> [String: String] {
        let credentials = try install(in: directory, mode: mode)
        return [
            "WEATHERKIT_TEAM_ID": credentials.teamID, "WEATHERKIT_SERVICE_ID": credentials.serviceID,
            "WEATHERKIT_KEY_ID": credentials.keyID, "WEATHERKIT_KEY_FILE": credentials.keyFile,
        ]
    }
}
