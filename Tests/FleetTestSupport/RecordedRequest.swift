/// One API request as logged by the fake server (`GET /__requests`). The token itself is
/// never logged, only whether it verified.
public struct RecordedRequest: Decodable, Sendable, Equatable {
    public var method: String
    /// `weather` or `availability`.
    public var kind: String
    /// The decoded path, e.g. `/api/v1/weather/en-US/40.71/-74.01`.
    public var path: String
    /// The query exactly as sent (still percent-encoded).
    public var rawQuery: String
    /// Query parameters, decoded (last value wins).
    public var query: [String: String]
    /// When the server received it (ISO 8601).
    public var time: String
    public var accept: String?
    public var acceptEncoding: String?
    public var hasBearer: Bool
    public var tokenVerified: Bool
    /// Why the token was refused, when it was.
    public var tokenError: String?
    /// The fault mode applied, if any.
    public var fault: String?
    public var status: Int
    public var durationMs: Double

    /// The path split into segments.
    public var segments: [String] { path.split(separator: "/").map(String.init) }
}
