import FleetWeather
import Foundation
import Testing

/// A body with each named data set's metadata at the given location (`nil`: no location).
private func body(_ locations: [(String, (Double, Double)?)]) -> Data {
    let members = locations.map { name, location in
        let meta = location.map { #"{"latitude":\#($0.0),"longitude":\#($0.1)}"# } ?? "{}"
        let extra =
            switch name {
            case "forecastHourly": #","hours":[{"forecastStart":"2026-12-01T10:00:00Z"}]"#
            case "forecastDaily": #","days":[]"#
            case "weatherAlerts": #","alerts":[{"id":"tornado","severity":"severe"}]"#
            default: ""
            }
        return #""\#(name)":{"metadata":\#(meta)\#(extra)}"#
    }
    return Data("{\(members.joined(separator: ","))}".utf8)
}

private let copenhagen = (55.676, 12.568)
private let london = (51.507, -0.128)

@Suite("WeatherBody: every data set must be for one place")
struct BodyLocationTests {
    @Test("alerts for London in a body whose forecasts are for Copenhagen are dropped, with a warning")
    func alertsElsewhereAreDropped() throws {
        let decoded = try WeatherBody.decode(
            body([("weatherAlerts", london), ("forecastHourly", copenhagen), ("currentWeather", copenhagen)]))
        #expect(decoded.response.dataSets == [.forecastHourly, .currentWeather])
        #expect(decoded.response.location?.latitude == 55.676)
        #expect(
            decoded.warnings == [
                "weatherAlerts: its location 51.507,-0.128 is not the location of forecastHourly (55.676,12.568); "
                    + "data set dropped"
            ])
    }

    @Test("forecasts speak for the body: current conditions elsewhere are dropped even when listed first")
    func forecastsWin() throws {
        let decoded = try WeatherBody.decode(
            body([("currentWeather", london), ("forecastDaily", copenhagen), ("weatherAlerts", copenhagen)]))
        #expect(decoded.response.dataSets == [.forecastDaily, .weatherAlerts])
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.hasPrefix("currentWeather: its location 51.507,-0.128") == true)
    }

    @Test("the hourly forecast wins over a daily one that disagrees")
    func hourlyOverDaily() throws {
        let decoded = try WeatherBody.decode(body([("forecastDaily", london), ("forecastHourly", copenhagen)]))
        #expect(decoded.response.dataSets == [.forecastHourly])
    }

    @Test("locations within 0.0006° agree, across the antimeridian too; a set without one is kept")
    func tolerance() throws {
        let near = try WeatherBody.decode(
            body([
                ("forecastHourly", (55.676, 12.568)), ("weatherAlerts", (55.6765, 12.5675)), ("currentWeather", nil),
            ]))
        #expect(near.response.dataSets == [.forecastHourly, .weatherAlerts, .currentWeather])
        #expect(near.warnings.isEmpty)
        let antimeridian = try WeatherBody.decode(
            body([("forecastHourly", (-16.5, 180.0)), ("weatherAlerts", (-16.5, -180.0))]))
        #expect(antimeridian.response.dataSets == [.forecastHourly, .weatherAlerts])
        let apart = try WeatherBody.decode(
            body([("forecastHourly", (55.676, 12.568)), ("weatherAlerts", (55.678, 12.568))]))
        #expect(apart.response.dataSets == [.forecastHourly])
    }

    @Test("a data set for the next 0.001° cell (the finest grid) is another place")
    func nextCell() throws {
        let decoded = try WeatherBody.decode(
            body([("forecastHourly", (55.676, 12.568)), ("weatherAlerts", (55.677, 12.568))]))
        #expect(decoded.response.dataSets == [.forecastHourly])
        #expect(decoded.warnings.first?.hasPrefix("weatherAlerts: its location 55.677,12.568") == true)
    }

    @Test("with no forecast, current conditions speak for the body")
    func currentOverAlerts() throws {
        let decoded = try WeatherBody.decode(body([("weatherAlerts", london), ("currentWeather", copenhagen)]))
        #expect(decoded.response.dataSets == [.currentWeather])
        #expect(decoded.response.location?.longitude == 12.568)
    }
}
