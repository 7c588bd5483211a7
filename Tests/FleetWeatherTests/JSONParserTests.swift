import Foundation
import Testing

@testable import FleetWeather

private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Data(text.utf8)) }

private func number(_ text: String) throws -> Double? {
    guard case .number(let value) = try parse(text) else { return nil }
    return value
}

private func string(_ text: String) throws -> String? {
    guard case .string(let value) = try parse(text) else { return nil }
    return value
}

@Suite("JSONParser")
struct JSONParserTests {
    @Test(
        "numbers read exactly as the C library reads them",
        arguments: [
            "0", "-0", "1", "-1", "4.5", "0.1", "0.3", "22.9", "-74.006", "135.749", "1694210584.722", "17056",
            "1e300", "1E-300", "2.5e-3", "123456789012345", "1234567890123456789", "12345678901234567890123",
            "0.000000000000000000000001", "9007199254740993", "1.7976931348623157e308", "4.9e-324", "1e999",
            "-1e999", "0.1e1", "100e-2", "3.14159265358979323846",
        ])
    func numbers(_ text: String) throws {
        let value = try #require(try number(text))
        let expected = strtod(text, nil)
        #expect(value == expected || (value.isNaN && expected.isNaN), "\(text): \(value) != \(expected)")
        #expect(value.sign == expected.sign)
    }

    @Test("a spread of decimal numbers in WeatherKit's ranges all read exactly")
    func manyNumbers() throws {
        for step in 0..<2000 {
            let whole = (step * 7919) % 2_000_001 - 1_000_000
            let text = "\(whole)." + String(format: "%06d", (step * 104_729) % 1_000_000)
            #expect(try number(text) == strtod(text, nil), "\(text)")
        }
    }

    @Test(
        "strings: escapes, surrogate pairs, lone surrogates and invalid UTF-8 repaired",
        arguments: [
            (#""plain""#, "plain"), (#""a\"b\\c\/d""#, "a\"b\\c/d"), (#""\b\f\n\r\t""#, "\u{8}\u{c}\n\r\t"),
            (#""\u00e9\u4e2d""#, "é中"), (#""\ud83c\udf2a""#, "🌪"), (#""\ud83c x""#, "\u{fffd} x"),
            (#""Bühl""#, "Bühl"),
        ])
    func strings(_ text: String, _ expected: String) throws {
        #expect(try string(text) == expected)
    }

    @Test("objects keep their members in order, duplicates included; a byte-order mark is skipped")
    func objects() throws {
        guard
            case .object(let members) = try JSONParser.parse(
                Data([0xEF, 0xBB, 0xBF] + Array(#" {"b":1,"a":[true,false,null],"b":2} "#.utf8)))
        else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "b"])
    }

    @Test(
        "what is not JSON is a syntax error",
        arguments: [
            "", " ", "{", "[1,", #"{"a" 1}"#, #"{"a":}"#, "[1 2]", "01", "1.", ".5", "-", "1e", "+1", "tru",
            "nul", #""abc"#, "\"a\u{1}b\"", #""\x""#, #""\u12""#, "{} {}", "NaN", "Infinity", "[1,]",
        ])
    func syntaxErrors(_ text: String) {
        let error = #expect(throws: WeatherDataError.self) { try parse(text) }
        if case .tooDeep = error { Issue.record("\(text) is not too deep") }
    }

    @Test("nesting deeper than the limit is refused, not a stack overflow")
    func depth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: WeatherDataError.tooDeep(limit: JSONParser.depthLimit)) { try parse(deep) }
        let fine =
            String(repeating: "[", count: JSONParser.depthLimit) + String(repeating: "]", count: JSONParser.depthLimit)
        _ = try parse(fine)
    }
}
