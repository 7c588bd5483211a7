public import FleetAirports

/// Airport directories for tests.
public enum TestAirports {
    /// The directory bundled with fleetwx (about 28,000 airports), loaded once.
    public static let bundled: AirportDirectory = {
        do {
            return try AirportDirectory.bundled()
        } catch {
            // A test run without the bundled resource cannot test anything that resolves
            // airports; stopping with the reason is the clearest outcome.
            fatalError("bundled airport data failed to load: \(error)")
        }
    }()
}
