import FleetWeather
import Foundation
import Testing

/// Reads a recorded body from `Fixtures/` (excluded from the target, so found from this file).
private func fixture(_ name: String) throws -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try Data(contentsOf: url)
}

/// The error the decoder throws for these bytes, if any.
private func decodeError(_ data: Data) -> WeatherDataError? {
    do {
        _ = try WeatherBody.decode(data)
        return nil
    } catch {
        return error
    }
}

/// The error parsing the whole document throws, if any.
private func parseError(_ data: Data) -> WeatherDataError? {
    do {
        _ = try JSONParser.parse(data)
        return nil
    } catch {
        return error
    }
}

/// The decoder reads bodies in one streamed pass (Sources/FleetWeather/BodyStream.swift); it
/// must fail exactly where and how parsing the whole document fails, and read every member as
/// the field readers do.
@Suite("WeatherKit bodies: the streamed decode")
struct StreamedDecodingTests {
    @Test("a body cut off at any byte fails as the whole-document parser says")
    func cutOff() throws {
        let body = try fixture("real-1-home-assistant.json")
        for length in 0..<body.count {
            let cut = body.prefix(length)
            let expected = parseError(cut)
            guard let expected else { continue }
            #expect(decodeError(cut) == expected, "cut at \(length)")
        }
    }

    @Test("a body with one byte garbled fails as the whole-document parser says, or is a body")
    func garbled() throws {
        let body = try fixture("real-1-home-assistant.json")
        let replacements = Array("x}],\"\\:\u{01}[".utf8)
        for offset in stride(from: 0, to: body.count, by: 5) {
            for byte in replacements where body[offset] != byte {
                var changed = body
                changed[offset] = byte
                let decoded = decodeError(changed)
                if let expected = parseError(changed) {
                    #expect(decoded == expected, "byte \(offset) made \(byte)")
                } else if let decoded {
                    #expect(!decoded.mayBeCutOff, "byte \(offset) made \(byte): \(decoded)")
                }
            }
        }
    }

    @Test("a syntax error after a data set of the wrong shape wins, as when the document is parsed first")
    func syntaxBeforeShape() {
        let data = Data(#"{"forecastHourly": 5, "forecastDaily": {"days": [1, }"#.utf8)
        #expect(decodeError(data) == parseError(data))
        #expect(decodeError(data)?.mayBeCutOff == true)
        let whole = Data(#"{"forecastHourly": 5, "weatherAlerts": []}"#.utf8)
        #expect(decodeError(whole) == .notABody("forecastHourly is a number, not an object (42 bytes)"))
    }

    @Test("nesting too deep inside a skipped member fails as the parser says")
    func tooDeepWhenSkipped() {
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let data = Data(#"{"forecastHourly": {"hours": [{"x": \#(deep)}]}}"#.utf8)
        #expect(decodeError(data) == .tooDeep(limit: 64))
    }

    @Test("member names written with escapes are read as the plain names")
    func escapedNames() throws {
        let plain = #"""
            {"forecastHourly": {"hours": [{"forecastStart": "2026-12-01T13:00:00Z", "temperature": 4.5,
            "conditionCode": "Snow", "precipitationType": "snow", "uvIndex": 2, "windGust": 30}]}}
            """#
        let escaped = #"""
            {"forecastHourly": {"h\u006furs": [{"forecast\u0053tart": "2026-12-01T13:00:00Z",
            "temp\u0065rature": 4.5, "conditionCode": "Sn\u006fw", "precipitationType": "snow",
            "uvInde\u0078": 2, "windGust": 30}]}}
            """#
        let lhs = try WeatherBody.decode(Data(plain.utf8))
        let rhs = try WeatherBody.decode(Data(escaped.utf8))
        #expect(lhs == rhs)
        let hour = try #require(lhs.response.forecastHourly?.hours?.first)
        #expect(hour.temperature == 4.5 && hour.uvIndex == 2 && hour.windGust == 30)
        #expect(hour.conditionCode == .snow && hour.precipitationType == .snow)
    }

    @Test("an hour's odd values are dropped with the field readers' words, in member order")
    func hourWarnings() throws {
        let body = #"""
            {"forecastHourly": {"hours": [
            {"forecastStart": "2026-12-01T13:00:00Z", "uvIndex": 4.5, "temperature": "cold", "humidity": 2,
             "daylight": 1, "conditionCode": 7, "forecastStart": "1999-12-31T23:00:00Z"},
            {"forecastStart": "2026-12-01T14:00:00Z", "uvIndex": 4.5, "windSpeed": null}, 3]}}
            """#
        let decoded = try WeatherBody.decode(Data(body.utf8))
        #expect(
            decoded.warnings == [
                "forecastHourly.hours[0].uvIndex: 4.5 is not a whole number; dropped (and 1 more like it)",
                "forecastHourly.hours[0].temperature: \"cold\" is not a number; dropped",
                "forecastHourly.hours[0].humidity: 2 is outside 0…1; dropped",
                "forecastHourly.hours[0].daylight: 1 is not true or false; dropped",
                "forecastHourly.hours[0].conditionCode: 7 is not a string; dropped",
                "forecastHourly.hours[0].forecastStart: \"1999-12-31T23:00:00Z\" is outside 2000–2100, the years fleetwx briefs; dropped",
                "forecastHourly.hours[2]: 3 is not an object; entry dropped",
            ])
        let hours = try #require(decoded.response.forecastHourly?.hours)
        #expect(hours.count == 2)
        #expect(hours[0].forecastStart == nil)
        #expect(
            hours[0].droppedValues == [
                "uvIndex", "temperature", "humidity", "daylight", "conditionCode", "forecastStart",
            ])
        #expect(hours[1].droppedValues == ["uvIndex"])
        #expect(hours[1].windSpeed == nil)
    }
}
