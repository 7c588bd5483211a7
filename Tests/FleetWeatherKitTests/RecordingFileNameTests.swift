import FleetWeatherKit
import Testing

@Suite("Recording file names: the recorder's names read back")
struct RecordingFileNameTests {
    @Test(
        "every name the recorder writes states the place it was written for",
        arguments: [(40.64, -73.78), (-16.5, 180.0), (0.0, 0.0), (89.999999, -179.999999), (-56.105, 12.5)])
    func roundTrip(latitude: Double, longitude: Double) throws {
        for part in [nil, "1", "12"] {
            let name = ResponseRecorder.fileName(latitude: latitude, longitude: longitude, part: part)
            let place = try #require(ResponseRecorder.place(inFileName: name), "\(name)")
            #expect(place.latitude == latitude && place.longitude == longitude, "\(name)")
        }
    }

    @Test(
        "a name in any other form states no place",
        arguments: [
            "cph.json", "wx_40.64.json", "wx_a_b.json", "wx_91_0.json", "wx_0_181.json", "wx_1_2_3_4.json",
            "wx_40.64_-73.78.txt", "wx__1.json",
        ])
    func otherNames(name: String) {
        #expect(ResponseRecorder.place(inFileName: name) == nil)
    }
}
