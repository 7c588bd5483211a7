public import Foundation

/// Mints WeatherKit developer tokens and reuses each one until shortly before it expires.
///
/// One provider serves a whole run: signing is rare (once per ~30 minutes), and the actor
/// keeps the non-`Sendable` ``ES256Signer`` isolated, so concurrent fetch tasks share it
/// safely. `iat` is backdated ``backdate`` seconds because a token whose `iat` is ahead of
/// Apple's clock is rejected with 401.
public actor TokenProvider {
    /// Default token lifetime (`exp − now`).
    public static let defaultLifetime: TimeInterval = 30 * 60
    /// How far `iat` is set before the local clock, against clock skew.
    public static let backdate: TimeInterval = 30
    /// A cached token is replaced this long before its `exp`, so none expires in flight.
    public static let renewalMargin: TimeInterval = 60

    /// The identity this provider signs for.
    public nonisolated let credentials: Credentials
    /// A warning for the CLI to print (the key file is readable by other users), else `nil`.
    /// Names the file and the fix, never its contents.
    public nonisolated let keyFileWarning: String?
    /// How long each token is valid.
    public nonisolated let lifetime: TimeInterval

    private let signer: ES256Signer
    private let now: @Sendable () -> Date
    private var cached: (token: String, expiresAt: Date)?
    /// How many tokens this provider has signed (for tests and run statistics).
    public private(set) var mintedCount = 0

    /// Loads the key (once) and prepares to mint.
    ///
    /// - Parameters:
    ///   - credentials: Team, service and key IDs and the key file.
    ///   - lifetime: Token lifetime; at least a few minutes longer than ``renewalMargin``.
    ///   - now: The clock (injected so tests can move time).
    /// - Throws: ``AuthError`` when the key file cannot be read or holds the wrong key.
    public init(
        credentials: Credentials, lifetime: TimeInterval = TokenProvider.defaultLifetime,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(AuthError) {
        self.credentials = credentials
        self.lifetime = max(lifetime, Self.renewalMargin + 60)
        self.now = now
        self.signer = try ES256Signer(keyFile: credentials.keyFile)
        self.keyFileWarning = KeyFile.permissionWarning(path: credentials.keyFile)
    }

    /// A valid token: the cached one, or a new one when the cached one is within
    /// ``renewalMargin`` of expiring.
    ///
    /// - Returns: The compact JWS.
    /// - Throws: ``AuthError/signingFailed(_:)``.
    public func token() throws(AuthError) -> String {
        if let cached, now() < cached.expiresAt.addingTimeInterval(-Self.renewalMargin) {
            return cached.token
        }
        return try renew()
    }

    /// Mints a new token even if the cached one is still valid (after a 401).
    ///
    /// - Returns: The compact JWS.
    /// - Throws: ``AuthError/signingFailed(_:)``.
    public func renew() throws(AuthError) -> String {
        let current = now()
        let issuedAt = current.addingTimeInterval(-Self.backdate)
        let expiresAt = current.addingTimeInterval(lifetime)
        let token = try DeveloperToken.mint(
            credentials: credentials, signer: signer, issuedAt: issuedAt, expiresAt: expiresAt)
        cached = (token, Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down)))
        mintedCount += 1
        return token
    }

    /// Whether a token verifies with the public half of this provider's key.
    ///
    /// `check-credentials` uses it to tell "our signature is wrong" apart from "Apple does not
    /// accept this key".
    ///
    /// - Parameter token: A compact JWS.
    /// - Returns: `true` when the signature verifies.
    public func verifiesWithOwnKey(_ token: String) -> Bool {
        guard let verifier = try? signer.publicVerifier() else { return false }
        return DeveloperToken.verify(token, with: verifier)
    }
}
