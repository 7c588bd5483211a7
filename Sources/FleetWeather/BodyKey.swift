internal import Foundation

/// The member names the streamed part of a body is read by (``BodyStream``), matched on their
/// bytes: an hour has about twenty members and a run reads hundreds of thousands of hours, so
/// making a `String` of each name (most are longer than a small string) was a large share of
/// decoding. Names not listed are ``other`` and skipped.
enum BodyKey: UInt8, CaseIterable {
    case metadata, hours, days
    case forecastStart, cloudCover, conditionCode, daylight, humidity
    case precipitationAmount, precipitationChance, precipitationIntensity, precipitationType
    case pressure, snowfallIntensity, snowfallAmount, temperature, temperatureApparent, temperatureDewPoint
    case uvIndex, visibility, windDirection, windGust, windSpeed
    case other

    /// The member name as written in a body.
    var name: String { Self.names[Int(rawValue)] }

    /// The key whose name is these bytes: by length, then against the few names of that length
    /// (static text, so no table is reached through a lazy global on every member).
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self = .other
        guard let base = bytes.baseAddress else { return }
        func named(_ name: StaticString) -> Bool { memcmp(base, name.utf8Start, bytes.count) == 0 }
        switch bytes.count {
        case 4: if named("days") { self = .days }
        case 5: if named("hours") { self = .hours }
        case 7: if named("uvIndex") { self = .uvIndex }
        case 8:
            if named("humidity") {
                self = .humidity
            } else if named("pressure") {
                self = .pressure
            } else if named("windGust") {
                self = .windGust
            } else if named("daylight") {
                self = .daylight
            } else if named("metadata") {
                self = .metadata
            }
        case 9: if named("windSpeed") { self = .windSpeed }
        case 10:
            if named("cloudCover") {
                self = .cloudCover
            } else if named("visibility") {
                self = .visibility
            }
        case 11: if named("temperature") { self = .temperature }
        case 13:
            if named("forecastStart") {
                self = .forecastStart
            } else if named("conditionCode") {
                self = .conditionCode
            } else if named("windDirection") {
                self = .windDirection
            }
        case 14: if named("snowfallAmount") { self = .snowfallAmount }
        case 17:
            if named("precipitationType") {
                self = .precipitationType
            } else if named("snowfallIntensity") {
                self = .snowfallIntensity
            }
        case 19:
            if named("precipitationAmount") {
                self = .precipitationAmount
            } else if named("precipitationChance") {
                self = .precipitationChance
            } else if named("temperatureApparent") {
                self = .temperatureApparent
            } else if named("temperatureDewPoint") {
                self = .temperatureDewPoint
            }
        case 22: if named("precipitationIntensity") { self = .precipitationIntensity }
        default: break
        }
    }

    /// The key of a name read through escapes (rare: WeatherKit writes plain names).
    init(name: String) {
        var name = name
        self = name.withUTF8 { BodyKey($0) }
    }

    private static let names: [String] = allCases.map { key in key == .other ? "" : "\(key)" }
}
