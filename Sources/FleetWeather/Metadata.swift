public import Foundation

/// `metadata` of a WeatherKit data set: where, when read, when it expires, attribution.
///
/// Every member is optional: 2022-era bodies lack `expireTime`/`readTime`, alert metadata
/// lacks `units`, and Apple adds undocumented keys (`sourceType`) that are simply ignored.
public struct Metadata: Sendable, Codable, Equatable {
    public var attributionURL: String?
    public var expireTime: Date?
    public var readTime: Date?
    public var reportedTime: Date?
    public var latitude: Double?
    public var longitude: Double?
    public var providerName: String?
    public var language: String?
    public var units: String?
    public var version: Int?
    public var temporarilyUnavailable: Bool?

    /// Creates metadata; every member defaults to absent.
    public init(
        attributionURL: String? = nil, expireTime: Date? = nil, readTime: Date? = nil,
        reportedTime: Date? = nil, latitude: Double? = nil, longitude: Double? = nil,
        providerName: String? = nil, language: String? = nil, units: String? = nil,
        version: Int? = nil, temporarilyUnavailable: Bool? = nil
    ) {
        self.attributionURL = attributionURL
        self.expireTime = expireTime
        self.readTime = readTime
        self.reportedTime = reportedTime
        self.latitude = latitude
        self.longitude = longitude
        self.providerName = providerName
        self.language = language
        self.units = units
        self.version = version
        self.temporarilyUnavailable = temporarilyUnavailable
    }
}
