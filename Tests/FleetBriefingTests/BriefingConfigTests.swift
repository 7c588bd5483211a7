import FleetBriefing
import FleetTestSupport
import Foundation
import Testing

private func overlay(_ json: String) throws(BriefingError) -> BriefingConfig {
    try BriefingConfig.overlay(json: Data(json.utf8), path: "thresholds.json")
}

@Suite("BriefingConfig")
struct BriefingConfigTests {
    @Test("defaults follow docs/briefing-thresholds.md")
    func defaults() {
        let config = BriefingConfig()
        #expect(config.visibilityRedM == 1609.344)
        #expect(config.visibilityAmberM == 4828.032)
        #expect(config.icingMaxC == 10)
        #expect(config.icingVisibilityM == 1600)
        #expect(config.windowMinutes == 60)
        #expect(config.windAmberKt < config.windRedKt)
        #expect(config.gustAmberKt < config.gustRedKt)
        #expect(config.heatAmberC < config.heatRedC)
        #expect(config.coldAmberC > config.coldRedC)
    }

    @Test("an empty object gives the defaults")
    func emptyObject() throws {
        #expect(try overlay("{}") == BriefingConfig())
    }

    /// The configuration as a dictionary of threshold names to numbers.
    private func values(_ config: BriefingConfig) throws -> [String: Double] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(config)) as? [String: Any]
        return (object ?? [:]).compactMapValues { ($0 as? NSNumber)?.doubleValue }
    }

    @Test(
        "one value overrides its default and leaves the rest",
        arguments: [
            ("windAmberKt", "20", 20.0), ("visibilityRedM", "800.5", 800.5), ("coldAmberC", "-30", -30),
            ("precipitationChanceMin", "0.5", 0.5),
        ])
    func overrideOne(key: String, value: String, expected: Double) throws {
        let config = try overlay("{\"\(key)\": \(value)}")
        let changed = try values(config)
        let defaults = try values(BriefingConfig())
        #expect(changed[key] == expected)
        #expect(defaults.keys.contains(key))
        for (name, number) in defaults where name != key {
            #expect(changed[name] == number, "\(name)")
        }
    }

    @Test("a changed threshold changes the field it names")
    func fieldChanged() throws {
        #expect(try overlay(#"{"windAmberKt": 20}"#).windAmberKt == 20)
        #expect(try overlay(#"{"icingMaxC": 5}"#).icingMaxC == 5)
    }

    @Test("the window is a whole number of minutes")
    func windowMinutes() throws {
        #expect(try overlay(#"{"windowMinutes": 90}"#).windowMinutes == 90)
        #expect(throws: BriefingError.self) { try overlay(#"{"windowMinutes": 90.5}"#) }
    }

    @Test("an unknown key is an error that names it and lists the known keys")
    func unknownKey() throws {
        let error = try #require(throws: BriefingError.self) { try overlay(#"{"windAmberKts": 20, "gustRedKt": 50}"#) }
        guard case .configInvalid(let path, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == "thresholds.json")
        #expect(reason.contains("windAmberKts"))
        #expect(reason.contains("known:"))
        for key in ["windAmberKt", "gustRedKt", "visibilityRedM", "icingMaxC", "windowMinutes"] {
            #expect(reason.contains(key))
        }
        #expect(error.description.hasPrefix("configuration thresholds.json: "))
    }

    @Test(
        "a value of the wrong type is an error",
        arguments: [#"{"windAmberKt": "fast"}"#, #"{"windAmberKt": null}"#, #"{"windAmberKt": [1]}"#])
    func wrongType(json: String) throws {
        let error = try #require(throws: BriefingError.self) { try overlay(json) }
        guard case .configInvalid(_, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(reason.contains("not a number"))
    }

    @Test(
        "text that is not a JSON object is an error saying what it is instead",
        arguments: [
            ("[1, 2]", "it holds an array, not a JSON object"), ("42", "it holds a number, not a JSON object"),
            ("not json", "not valid JSON at line 1, column 1: unknown literal"), ("", "the file is empty"),
            ("\u{FEFF} \n", "the file is empty"),
        ])
    func notAnObject(json: String, reason: String) throws {
        let error = try #require(throws: BriefingError.self) { try overlay(json) }
        #expect(error.description.contains(reason), "\(error)")
    }

    @Test(
        "a syntax error is placed by line and column (characters, after a byte-order mark)",
        arguments: [
            ("{\"windAmberKt\": 20,}", "line 1, column 20: a member name was expected"),
            ("{\n  \"windAmberKt\": 20\n  \"windRedKt\": 40\n}", "line 3, column 3: ',' or '}' was expected"),
            ("\u{FEFF}{\"é\": x}", "line 1, column 7: unexpected character"),
            ("{\"windAmberKt\": ", "line 1, column 17: cut off"),
        ])
    func syntaxPosition(json: String, place: String) throws {
        let error = try #require(throws: BriefingError.self) { try overlay(json) }
        #expect(error.description.contains("not valid JSON at \(place)"), "\(error)")
    }

    @Test(
        "a value out of range, a fractional window, a doubled key each say what to write",
        arguments: [
            (#"{"windAmberKt": 1e999}"#, "windAmberKt is out of range"),
            (#"{"coldRedC": -1e999}"#, "coldRedC is out of range"),
            (#"{"windowMinutes": 0.5}"#, "windowMinutes must be a whole number of minutes from 0 to 180, got 0.5"),
            (#"{"windowMinutes": 1e999}"#, "windowMinutes must be a whole number of minutes from 0 to 180"),
            (#"{"windowMinutes": 200}"#, "windowMinutes must be a whole number of minutes from 0 to 180, got 200"),
            (#"{"gustRedKt": 50, "gustRedKt": 55}"#, "gustRedKt is given twice; keep one"),
            (#"{"windAmberKt": "fast"}"#, #"windAmberKt is not a number (it is "fast"); give a number such as 25"#),
        ])
    func valueProblems(json: String, reason: String) throws {
        let error = try #require(throws: BriefingError.self) { try overlay(json) }
        #expect(error.description.contains(reason), "\(error)")
    }

    @Test("unknown keys are listed bounded: five at most, each cut at 100 characters")
    func unknownKeysBounded() throws {
        let long = String(repeating: "k", count: 10_000)
        let json = "{\"\(long)\": 1, " + (1...20).map { "\"u\($0)\": 1" }.joined(separator: ", ") + "}"
        let error = try #require(throws: BriefingError.self) { try overlay(json) }
        #expect(error.description.contains("… (10,000 bytes)"))
        #expect(error.description.contains("and 16 more"))
        #expect(error.description.utf8.count < 1_000)
    }

    @Test("load reads a file, and a missing file is unreadable")
    func load() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(#"{"heatAmberC": 38}"#, to: "config.json")
        #expect(try BriefingConfig.load(from: url).heatAmberC == 38)
        let missing = directory.file("missing.json")
        let error = try #require(throws: BriefingError.self) { try BriefingConfig.load(from: missing) }
        guard case .configUnreadable(let path, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == missing.path)
    }
}

@Suite("Briefing configuration checks")
struct BriefingConfigCheckTests {
    @Test(
        "inconsistent or out-of-range thresholds are refused with the reason",
        arguments: [
            (#"{"windRedKt": 20}"#, "windAmberKt"),
            (#"{"visibilityRedM": 9000}"#, "visibilityRedM"),
            (#"{"coldRedC": -10}"#, "coldRedC"),
            (#"{"windowMinutes": -60}"#, "windowMinutes"),
            (#"{"precipitationChanceMin": 2}"#, "precipitationChanceMin"),
        ])
    func refused(_ json: String, _ name: String) throws {
        let error = #expect(throws: BriefingError.self) {
            try BriefingConfig.overlay(json: Data(json.utf8), path: "t.json")
        }
        #expect(error?.description.contains(name) == true, "\(String(describing: error))")
    }

    @Test("the defaults are consistent")
    func defaultsPass() {
        #expect(BriefingConfig().problem == nil)
    }
}
