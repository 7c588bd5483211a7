/// The fake server's counters (`GET /__stats`).
public struct FakeServerStats: Decodable, Sendable, Equatable {
    /// API requests logged since start or the last reset.
    public var requests: Int
    public var weatherRequests: Int
    public var availabilityRequests: Int
    /// Requests for `/attribution/{language}` and the mark images under `/assets/branding/`.
    public var attributionRequests: Int
    /// Responses by status code (as text keys).
    public var byStatus: [String: Int]
    /// ES256 verifications performed (one per distinct token, ever).
    public var tokenVerifications: Int
    public var inFlight: Int
    /// The most API requests ever in flight at once.
    public var peakInFlight: Int
    public var faultsApplied: [String: Int]
    /// When the first API request arrived (seconds since 1970), if any did.
    public var firstRequestAt: Double?
    /// When the last API response was sent (seconds since 1970), if any was.
    public var lastResponseAt: Double?
}
