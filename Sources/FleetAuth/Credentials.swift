/// The four settings that identify a WeatherKit caller.
///
/// None of them is secret on its own: the secret is the contents of ``keyFile``, which this
/// type never reads (``ES256Signer`` does, once).
public struct Credentials: Sendable, Equatable, CustomStringConvertible {
    /// The environment variables, in the order they are reported when missing.
    public static let environmentVariables = [
        "WEATHERKIT_TEAM_ID", "WEATHERKIT_SERVICE_ID", "WEATHERKIT_KEY_ID", "WEATHERKIT_KEY_FILE",
    ]

    /// The 10-character Apple Developer Team ID (`iss`, and the first half of the `id` header).
    public var teamID: String
    /// The registered Services ID, e.g. `com.example.weatherkit-client` (`sub`).
    public var serviceID: String
    /// The 10-character identifier of the WeatherKit key (`kid`).
    public var keyID: String
    /// Path of the `AuthKey_XXXXXXXXXX.p8` PKCS#8 PEM file.
    public var keyFile: String

    /// Creates credentials from explicit values.
    ///
    /// - Parameters:
    ///   - teamID: The Team ID.
    ///   - serviceID: The Services ID.
    ///   - keyID: The Key ID.
    ///   - keyFile: The path of the private key file.
    public init(teamID: String, serviceID: String, keyID: String, keyFile: String) {
        self.teamID = teamID
        self.serviceID = serviceID
        self.keyID = keyID
        self.keyFile = keyFile
    }

    /// Reads `WEATHERKIT_TEAM_ID`, `WEATHERKIT_SERVICE_ID`, `WEATHERKIT_KEY_ID` and
    /// `WEATHERKIT_KEY_FILE`.
    ///
    /// Values are trimmed of surrounding white space, because copying an ID out of a web page
    /// often brings a trailing space or newline along; an empty value counts as missing.
    ///
    /// - Parameter env: The environment (usually `ProcessInfo.processInfo.environment`).
    /// - Returns: The credentials.
    /// - Throws: ``AuthError/missingEnvironment(_:)`` naming every missing variable, or
    ///   ``AuthError/keyFileHoldsKeyText`` when `WEATHERKIT_KEY_FILE` holds the key itself.
    public static func fromEnvironment(_ env: [String: String]) throws(AuthError) -> Credentials {
        var values: [String] = []
        var missing: [String] = []
        for name in environmentVariables {
            let value = (env[name] ?? "").trimmingWhitespace()
            if value.isEmpty { missing.append(name) }
            values.append(value)
        }
        guard missing.isEmpty else { throw .missingEnvironment(missing) }
        if KeyPath.looksLikeKeyText(values[3]) { throw .keyFileHoldsKeyText }
        return Credentials(teamID: values[0], serviceID: values[1], keyID: values[2], keyFile: values[3])
    }

    /// ``keyFile`` as messages may show it: bounded and escaped, and never key text put there
    /// instead of a path.
    public var keyFileForDisplay: String { KeyPath.display(keyFile) }

    /// The `id` header value: `TEAMID.SERVICEID`.
    public var tokenID: String { "\(teamID).\(serviceID)" }

    public var description: String {
        "team \(teamID), service \(serviceID), key \(keyID) (\(keyFileForDisplay))"
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
