import FleetAuth
import FleetTestSupport
import FleetWeather
import FleetWeatherKit
import Foundation
import Testing

@Suite("Response recorder")
struct ResponseRecorderTests {
    @Test func writesBodiesByteForByte() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.file("rec"))
        let body =
            Data(#"{"currentWeather":{"metadata":{"latitude":40.71,"longitude":-74.01}}}"#.utf8) + Data([0xFF, 0x0A])
        let file = try recorder.record(body, latitude: 40.71, longitude: -74.01)
        #expect(file.lastPathComponent == "wx_40.71_-74.01.json")
        #expect(try Data(contentsOf: file) == body)
        let part = try recorder.record(Data("{}".utf8), latitude: 40.71, longitude: -74.01, part: "2")
        #expect(part.lastPathComponent == "wx_40.71_-74.01_2.json")
        let replaced = try recorder.record(Data("[]".utf8), latitude: 40.71, longitude: -74.01)
        #expect(try Data(contentsOf: replaced) == Data("[]".utf8))
        let names = try FileManager.default.contentsOfDirectory(atPath: recorder.directory.path).sorted()
        #expect(names == ["wx_40.71_-74.01.json", "wx_40.71_-74.01_2.json"])
    }

    @Test func removePartsDeletesOnlyThatLocationsParts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.file("rec"))
        for part in [nil, "1", "2", "3"] {
            try recorder.record(Data("{}".utf8), latitude: 40.71, longitude: -74.01, part: part)
            try recorder.record(Data("{}".utf8), latitude: 40.7, longitude: -74.01, part: part)
        }
        recorder.removeParts(latitude: 40.71, longitude: -74.01)
        let names = try FileManager.default.contentsOfDirectory(atPath: recorder.directory.path).sorted()
        #expect(
            names == [
                "wx_40.71_-74.01.json", "wx_40.7_-74.01.json", "wx_40.7_-74.01_1.json", "wx_40.7_-74.01_2.json",
                "wx_40.7_-74.01_3.json",
            ])
    }

    @Test(arguments: [
        "../escape.json", "a/b.json", "/etc/passwd.json", ".hidden.json", "-rf.json", "x..json", "notes.txt",
        "with space.json", "naïve.json", "", ".json", String(repeating: "a", count: 200) + ".json",
    ])
    func refusesUnsafeNames(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.url)
        #expect(!ResponseRecorder.isValidFileName(name))
        #expect(throws: WeatherKitError.self) { try recorder.write(Data("{}".utf8), named: name) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("a recording that cannot be written says why in words, never an errno")
    func unwritableFolderSaysWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.file("rec"))
        // The folder went away after the run began (a cleanup job, an unmounted disk).
        try FileManager.default.removeItem(at: recorder.directory)
        let error = #expect(throws: WeatherKitError.self) {
            try recorder.record(Data("{}".utf8), latitude: 40.71, longitude: -74.01)
        }
        let text = error?.description ?? ""
        #expect(text.contains("wx_40.71_-74.01.json in the recording folder"), "\(text)")
        #expect(text.contains("rec: no such file"), "\(text)")
        #expect(!text.contains(".tmp"), "\(text)")
    }

    @Test("a recording that cannot be moved into place says why in words, never an errno")
    func unmovableRecordingSaysWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.file("rec"))
        // A folder where the recording goes: rename(2) cannot replace it with a file.
        try directory.write("x", to: "rec/wx_40.71_-74.01.json/keep")
        let error = #expect(throws: WeatherKitError.self) {
            try recorder.record(Data("{}".utf8), latitude: 40.71, longitude: -74.01)
        }
        let text = error?.description ?? ""
        #expect(text.contains("wx_40.71_-74.01.json in the recording folder"), "\(text)")
        #expect(text.contains("rec: it is a directory"), "\(text)")
        #expect(!text.contains("errno"), "\(text)")
        let names = try FileManager.default.contentsOfDirectory(atPath: recorder.directory.path)
        #expect(names == ["wx_40.71_-74.01.json"], "the temporary file is removed")
    }

    @Test func refusesAPartThatEscapes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recorder = try ResponseRecorder(directory: directory.url)
        #expect(throws: WeatherKitError.self) {
            try recorder.record(Data("{}".utf8), latitude: 1, longitude: 2, part: "../../x")
        }
    }

    @Test func recordsAFetchedBodyExactlyWithoutTheToken() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tokens = try TokenProvider(credentials: TestCredentials.install(in: directory))
        let client = WeatherKitClient(
            endpoint: try server.endpoint(), transport: URLSessionTransport(maximumConcurrentRequests: 1),
            tokens: tokens)
        let query = WeatherQuery(latitude: 40.71, longitude: -74.01, dataSets: [.currentWeather, .forecastHourly])
        let fetched = try await client.fetchWeather(query)
        let file = try ResponseRecorder(directory: directory.file("recording"))
            .record(fetched.body, latitude: query.latitude, longitude: query.longitude)
        let recorded = try Data(contentsOf: file)
        #expect(recorded == fetched.body)
        let token = try await tokens.token()
        #expect(!String(decoding: recorded, as: UTF8.self).contains(token))
        let replayed = try WeatherBody.decode(recorded).response
        #expect(replayed.location?.latitude == 40.71 && replayed.location?.longitude == -74.01)
    }
}
