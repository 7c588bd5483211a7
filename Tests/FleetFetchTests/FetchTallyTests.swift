import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@testable import FleetFetch

@Suite("FetchTally")
struct FetchTallyTests {
    @Test("warnings about fetched bodies are prefixed with the cell and bounded per run")
    func bodyWarningsAreBounded() {
        let tally = FetchTally(planned: 1)
        tally.warn("a run warning")
        let lines = (0..<150).map { "forecastHourly.hours[\($0)].uvIndex: 4.5 is not a whole number; dropped" }
        for cell in ["1.00,2.00", "3.00,4.00"] {
            tally.warn(
                about: FetchedWeather(body: Data(), response: WeatherResponse(), requestID: nil, warnings: lines)
                    .warnings,
                cell: cell)
        }
        let warnings = tally.warnings
        #expect(warnings.count == 1 + FetchTally.bodyWarningLimit + 1)
        #expect(warnings[1] == "cell 1.00,2.00: forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped")
        #expect(warnings.last == "and 100 more warnings about values dropped from WeatherKit bodies")
    }

    @Test("warnings about cached bodies share the fetched bodies' cap: a warm run repeats none without bound")
    func cachedBodyWarningsShareTheCap() {
        let tally = FetchTally(planned: 1)
        let lines = (0..<150).map { "forecastHourly.hours[\($0)].uvIndex: 4.5 is not a whole number; dropped" }
        tally.warn(about: lines, cell: "1.00,2.00")
        tally.warn(
            about: FetchedWeather(body: Data(), response: WeatherResponse(), requestID: nil, warnings: lines).warnings,
            cell: "3.00,4.00")
        let warnings = tally.warnings
        #expect(warnings.count == FetchTally.bodyWarningLimit + 1)
        #expect(warnings.first == "cell 1.00,2.00: forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped")
        #expect(warnings.last == "and 100 more warnings about values dropped from WeatherKit bodies")
    }

    @Test("a warning every lane gives (an unreadable ledger at the month's turn) is kept once")
    func sameWarningOnce() {
        let tally = FetchTally(planned: 2)
        tally.warn("the quota ledger could not be read")
        tally.warn("another problem")
        tally.warn("the quota ledger could not be read")
        #expect(tally.warnings == ["the quota ledger could not be read", "another problem"])
    }
}
