/// Why the run stopped sending to WeatherKit, with advice in plain words: the service refused
/// our credentials or the month's quota, or it did not answer the run's first request at all.
public enum AuthFailure: Sendable, Equatable, CustomStringConvertible {
    /// 401 `NOT_ENABLED`: the token is refused (wrong IDs, wrong key, no entitlement, too new).
    case notEnabled
    /// 401 `OVER_QUOTA`: the month's calls are used up.
    case overQuota
    /// Any other refusal (empty 401, 403, another reason).
    case unauthorized(String)
    /// The run's first request got no answer in any of its attempts (nothing listening, no
    /// route, or no reply in time), so no other request was sent: each would have waited out
    /// the same timeouts, and those that went out would have counted against the quota.
    case unreachable(String)

    /// The failure an error stands for, if it is an authorization error.
    ///
    /// - Parameter error: A classified error.
    public init?(_ error: WeatherKitError) {
        switch error {
        case .overQuota: self = .overQuota
        case .unauthorized(let reason) where reason == "NOT_ENABLED": self = .notEnabled
        case .unauthorized(let reason): self = .unauthorized(reason)
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .notEnabled: "WeatherKit refused the developer token (NOT_ENABLED)"
        case .overQuota: "WeatherKit's monthly quota is used up (OVER_QUOTA)"
        case .unauthorized(let reason): "WeatherKit refused the developer token (\(reason))"
        case .unreachable(let reason):
            "WeatherKit did not answer the run's first request (\(reason)); no more were sent"
        }
    }

    /// What the user should check or do, one line per item.
    public var advice: [String] {
        switch self {
        case .unreachable:
            return [
                "Check the endpoint (--endpoint or WEATHERKIT_ENDPOINT), this machine's network, DNS, proxy and "
                    + "firewall, and https://developer.apple.com/system-status/ for a WeatherKit outage.",
                "Nothing else was sent, so the rest of this month's quota is untouched; run again once the service "
                    + "answers.",
            ]
        case .overQuota:
            return [
                "This month's WeatherKit calls are used up (500,000 a month come with the Apple Developer Program).",
                "Wait for the quota to reset at the start of the next month (UTC), or subscribe to a larger tier "
                    + "in the Apple Developer app; use --max-requests to keep a run inside what is left.",
            ]
        case .notEnabled, .unauthorized:
            return [
                "WeatherKit did not accept this developer token. Check the four settings against your Apple "
                    + "Developer account:",
                "- Team ID (WEATHERKIT_TEAM_ID): the 10-character ID under Membership details.",
                "- Service ID (WEATHERKIT_SERVICE_ID): a Services ID under Identifiers → Services IDs "
                    + "(e.g. com.example.weatherkit-client), not an app's bundle ID.",
                "- Key ID (WEATHERKIT_KEY_ID): the 10-character ID of the key under Keys; it must belong to the "
                    + "key file below.",
                "- Key file (WEATHERKIT_KEY_FILE): that key's AuthKey_<KEYID>.p8, and the key must have the "
                    + "WeatherKit service enabled.",
                "A newly created key can take up to an hour to become active; if it is new, try again later. "
                    + "Also make sure this machine's clock is right (a token dated in the future is refused).",
            ]
        }
    }
}
