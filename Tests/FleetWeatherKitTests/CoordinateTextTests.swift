import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@Suite("Coordinates in request paths: halves")
struct CoordinateTextTests {
    private func path(_ value: Double) throws -> String {
        let client = WeatherKitClient(
            endpoint: try WeatherKitEndpoint(string: "https://weatherkit.apple.com"), language: "en-US",
            transport: FakeTransport.always(status: 200), tokens: StaticTokenSource())
        let url = client.url(for: WeatherQuery(latitude: value, longitude: value, dataSets: [.currentWeather]))
        return String(url.path.split(separator: "/").last ?? "")
    }

    @Test(
        "a half micro-degree goes to the even micro-degree, as cell keys round",
        arguments: [
            (0.0000005, "0"), (0.0000015, "0.000002"), (0.0000025, "0.000002"), (-0.0000025, "-0.000002"),
            (12.3456785, "12.345678"), (12.3456775, "12.345678"), (-56.1050005, "-56.105"), (-56.1050015, "-56.105002"),
        ])
    func halfMicroDegrees(value: Double, text: String) throws {
        #expect(try path(value) == text)
    }
}
