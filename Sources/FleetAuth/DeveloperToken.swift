public import Foundation

/// Builds and checks WeatherKit developer tokens: compact JWS with ES256.
///
/// Header `{"alg":"ES256","kid":KEYID,"id":"TEAMID.SERVICEID"}`; claims exactly `iss`, `iat`,
/// `exp`, `sub` — Apple asks for "only the claims listed", and a stray claim (or `subject`
/// for `sub`) is answered with 401 `NOT_ENABLED`.
public enum DeveloperToken {
    private struct Header: Encodable {
        let alg = "ES256"
        let kid: String
        let id: String
    }

    private struct Claims: Encodable {
        let iss: String
        let iat: Int
        let exp: Int
        let sub: String
    }

    /// Mints a signed token.
    ///
    /// - Parameters:
    ///   - credentials: Team, service and key IDs.
    ///   - signer: The loaded private key.
    ///   - issuedAt: The `iat` instant (whole seconds are used).
    ///   - expiresAt: The `exp` instant (whole seconds are used).
    /// - Returns: `header.claims.signature`, each base64url.
    /// - Throws: ``AuthError/signingFailed(_:)``.
    public static func mint(
        credentials: Credentials, signer: ES256Signer, issuedAt: Date, expiresAt: Date
    ) throws(AuthError) -> String {
        let input = try signingInput(credentials: credentials, issuedAt: issuedAt, expiresAt: expiresAt)
        let signature = try signer.sign(Array(input.utf8))
        return input + "." + Base64URL.encode(signature)
    }

    /// The JWS signing input `base64url(header).base64url(claims)`.
    ///
    /// - Parameters:
    ///   - credentials: Team, service and key IDs.
    ///   - issuedAt: The `iat` instant.
    ///   - expiresAt: The `exp` instant.
    /// - Returns: The ASCII signing input.
    /// - Throws: ``AuthError/signingFailed(_:)`` if JSON encoding fails.
    public static func signingInput(
        credentials: Credentials, issuedAt: Date, expiresAt: Date
    ) throws(AuthError) -> String {
        let header = Header(kid: credentials.keyID, id: credentials.tokenID)
        let claims = Claims(
            iss: credentials.teamID, iat: Int(issuedAt.timeIntervalSince1970.rounded(.down)),
            exp: Int(expiresAt.timeIntervalSince1970.rounded(.down)), sub: credentials.serviceID)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let headerJSON = try encoder.encode(header)
            let claimsJSON = try encoder.encode(claims)
            return Base64URL.encode(headerJSON) + "." + Base64URL.encode(claimsJSON)
        } catch {
            throw .signingFailed("cannot encode the token header or claims as JSON")
        }
    }

    /// Checks a compact token's ES256 signature.
    ///
    /// - Parameters:
    ///   - token: `header.claims.signature`.
    ///   - verifier: The public key.
    /// - Returns: `true` when the token has three parts and the signature verifies.
    public static func verify(_ token: String, with verifier: ES256Verifier) -> Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URL.decode(String(parts[2])) else { return false }
        let input = Array("\(parts[0]).\(parts[1])".utf8)
        return verifier.verify(signature: signature, for: input)
    }
}
