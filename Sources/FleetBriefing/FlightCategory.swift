/// Flight category estimated from visibility alone.
///
/// WeatherKit has no cloud ceiling, so the real category (the worse of the ceiling and
/// visibility categories) cannot be known; reports label this one as estimated.
/// Thresholds are the AWC's in statute miles (`docs/briefing-thresholds.md`).
public enum FlightCategory: String, Sendable, Codable, CaseIterable {
    case vfr = "VFR"
    case mvfr = "MVFR"
    case ifr = "IFR"
    case lifr = "LIFR"

    /// Metres in a statute mile.
    public static let metresPerMile = 1609.344

    /// The category for a visibility.
    ///
    /// - Parameter metres: Visibility in metres.
    /// - Returns: LIFR below 1 SM, IFR below 3 SM, MVFR up to and including 5 SM, else VFR.
    public static func estimate(visibilityMetres metres: Double) -> FlightCategory {
        let miles = metres / metresPerMile
        if miles < 1 { return .lifr }
        if miles < 3 { return .ifr }
        if miles <= 5 { return .mvfr }
        return .vfr
    }
}
