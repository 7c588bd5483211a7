public import Foundation

/// The fake server's value formulas (Tests/FakeWeatherKit/README.md, "Values"), mirrored so
/// tests can predict what they decode.
public enum FakeWeatherValues {
    /// The condition codes the server cycles through, in its order.
    public static let conditions = [
        "Clear", "MostlyClear", "PartlyCloudy", "MostlyCloudy", "Cloudy", "Foggy",
        "Rain", "Drizzle", "Snow", "Thunderstorms", "Breezy", "HeavyRain",
    ]

    /// A coordinate in thousandths, rounded half away from zero.
    public static func milli(_ value: Double) -> Int {
        let magnitude = Int((abs(value) * 1000 + 0.5).rounded(.down))
        return value < 0 ? -magnitude : magnitude
    }

    /// Whole hours since 1970 of an instant.
    public static func epochHour(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 3600).rounded(.down))
    }

    /// The per-hour seed: `milli(lat)·31 + milli(lon)·17 + hour`.
    public static func seed(latitude: Double, longitude: Double, hour: Int) -> Int {
        milli(latitude) * 31 + milli(longitude) * 17 + hour
    }

    /// `temperature` of the hour starting at `hour` (°C): `(seed mod 400)/10 − 10`.
    public static func temperature(latitude: Double, longitude: Double, hour: Int) -> Double {
        Double(mod(seed(latitude: latitude, longitude: longitude, hour: hour), 400)) / 10 - 10
    }

    /// `conditionCode` of the hour: `conditions[seed mod 12]`.
    public static func conditionCode(latitude: Double, longitude: Double, hour: Int) -> String {
        conditions[mod(seed(latitude: latitude, longitude: longitude, hour: hour), conditions.count)]
    }

    /// Whether the location has the fake "Wind Advisory" (when a country is sent).
    public static func hasAlert(latitude: Double, longitude: Double) -> Bool {
        mod(milli(latitude) + milli(longitude), 3) == 0
    }

    /// The mathematical (never negative) modulo, as Python's `%`.
    public static func mod(_ value: Int, _ modulus: Int) -> Int { ((value % modulus) + modulus) % modulus }
}
