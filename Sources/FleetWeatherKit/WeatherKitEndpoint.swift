internal import FleetFiles
public import Foundation

/// The base URL requests go to, checked before anything is sent.
///
/// `https://` is required, except `http://` to a loopback host (`127.0.0.1`,
/// `localhost`) for tests against a local fake: every request carries a bearer token, and
/// over plain HTTP on a real network anyone on the path could copy it and spend the quota.
public struct WeatherKitEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// Apple's production endpoint.
    public static let production = WeatherKitEndpoint(checked: URL(string: "https://weatherkit.apple.com"))

    /// Hosts for which plain `http://` is allowed.
    public static let loopbackHosts: Set<String> = ["127.0.0.1", "localhost"]

    /// The base URL, without a trailing slash.
    public let baseURL: URL

    /// Parses and checks a base URL.
    ///
    /// - Parameter string: e.g. `https://weatherkit.apple.com` or `http://127.0.0.1:8080`.
    /// - Throws: ``WeatherKitError/invalidEndpoint(_:)`` saying why.
    public init(string: String) throws(WeatherKitError) {
        let shown = string.bounded  // the value is the user's: echoed bounded
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased() else {
            throw .invalidEndpoint("\(shown) is not an absolute URL")
        }
        guard let host = components.host, !host.isEmpty else { throw .invalidEndpoint("\(shown) has no host") }
        guard components.user == nil, components.password == nil else {
            throw .invalidEndpoint("\(Self.redacted(components).bounded) must not contain a user name or password")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidEndpoint("\(shown) must not have a query or fragment")
        }
        // Linux's URLSession (FoundationNetworking) fails every request to a bracketed IPv6
        // address with "bad URL", after the ledger has counted it: refuse it here instead.
        guard !host.contains(":") else {
            throw .invalidEndpoint(
                "\(Self.redacted(components).bounded) names an IPv6 address, which the HTTP client on Linux cannot reach; "
                    + "use a host name (or 127.0.0.1 / localhost for a local test server)")
        }
        switch scheme {
        case "https":
            break
        case "http" where Self.loopbackHosts.contains(host.lowercased()):
            break
        case "http":
            throw .invalidEndpoint(
                "\(shown) uses plain http to \(host.bounded); only https is allowed (http only for 127.0.0.1 or "
                    + "localhost), because the bearer token would cross the network in clear")
        default:
            throw .invalidEndpoint("\(shown) must start with https://")
        }
        var trimmed = components
        while trimmed.path.hasSuffix("/") { trimmed.path.removeLast() }
        guard let url = trimmed.url else { throw .invalidEndpoint("\(shown) is not a valid URL") }
        baseURL = url
    }

    private init(checked url: URL?) {
        // The literal production URL always parses; the fallback exists only to avoid a force unwrap.
        baseURL = url ?? URL(fileURLWithPath: "/")
    }

    /// The base URL with `path` appended (`path` starts with `/` and is already percent-encoded).
    func url(path: String, query: String?) -> URL {
        var text = baseURL.absoluteString + path
        if let query, !query.isEmpty { text += "?" + query }
        return URL(string: text) ?? baseURL
    }

    public var description: String { baseURL.absoluteString }

    private static func redacted(_ components: URLComponents) -> String {
        var copy = components
        copy.user = nil
        copy.password = nil
        return copy.string ?? "the endpoint"
    }
}
