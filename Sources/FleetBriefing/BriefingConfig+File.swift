internal import FleetFiles
internal import FleetWeather
public import Foundation

/// Reading `--config FILE`: every refusal names the setting or the place in the file, says
/// what is wrong with it and what to write instead. The file is parsed with the strict JSON
/// parser the WeatherKit bodies use, so a syntax error has a line and a column, and a number
/// too large for a double (`1e999`) is seen as such instead of as "not a JSON object".
extension BriefingConfig {
    /// The largest threshold file read: a real one is a few hundred bytes.
    public static let maximumFileBytes = 1024 * 1024

    /// An example of what the file holds, for messages.
    static let example = #"{"windAmberKt": 30}"#

    /// The defaults with a JSON file's values laid over them; unknown keys are an error so a
    /// misspelt threshold does not silently fall back to its default.
    ///
    /// - Parameter url: A JSON object of threshold names to numbers.
    /// - Returns: The configuration.
    /// - Throws: ``BriefingError`` when the file cannot be read or is not a valid threshold file.
    public static func load(from url: URL) throws(BriefingError) -> BriefingConfig {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(url.path, limit: maximumFileBytes)
        } catch {
            throw .configUnreadable(path: url.path, reason: reason(error))
        }
        return try overlay(json: Data(bytes), path: url.path)
    }

    /// Why the file cannot be read, with what `--config` wants.
    private static func reason(_ error: RegularFileError) -> String {
        let wanted = "--config needs a JSON file of thresholds (leave it out for the defaults)"
        switch error {
        case .tooLarge(let size, let limit):
            return "it is \(size) bytes, far larger than a threshold file (at most \(limit / 1024) KiB); "
                + "check that --config names the right file"
        default:
            return error.isMissing ? "no such file; check the path (\(wanted))" : "\(error.description); \(wanted)"
        }
    }

    /// Lays a JSON object's values over the defaults.
    ///
    /// - Parameters:
    ///   - json: The JSON text.
    ///   - path: A name for messages.
    /// - Returns: The configuration.
    /// - Throws: ``BriefingError/configInvalid(path:reason:)``.
    public static func overlay(json: Data, path: String) throws(BriefingError) -> BriefingConfig {
        let members = try object(json, path: path)
        let known = Set(numberSettings.map(\.name) + ["windowMinutes"])
        let unknown = members.map(\.key).filter { !known.contains($0) }
        guard unknown.isEmpty else {
            let shown = unknown.prefix(5).map { "\"\($0.bounded)\"" }.joined(separator: ", ")
            let more = unknown.count > 5 ? " and \(unknown.count - 5) more" : ""
            throw .configInvalid(
                path: path,
                reason: "unknown setting(s) \(shown)\(more); check the spelling (known: "
                    + "\(known.sorted().joined(separator: ", ")))")
        }
        var config = BriefingConfig()
        var seen: Set<String> = []
        for (key, value) in members {
            guard seen.insert(key).inserted else {
                throw .configInvalid(path: path, reason: "\(key) is given twice; keep one")
            }
            if let problem = config.set(key, to: value) { throw .configInvalid(path: path, reason: problem) }
        }
        if let problem = config.problem { throw .configInvalid(path: path, reason: problem) }
        return config
    }

    /// The file's top-level members, or why it is not one JSON object.
    private static func object(
        _ json: Data, path: String
    ) throws(BriefingError) -> [(key: String, value: JSONValue)] {
        let root: JSONValue
        do {
            root = try JSONParser.parse(json)
        } catch {
            if error.isNoValue {  // nothing but a leading byte-order mark and white space
                throw .configInvalid(
                    path: path,
                    reason: "the file is empty; it must hold one JSON object of thresholds, such as \(example)")
            }
            switch error {
            case .syntax(let offset, let what):
                let (line, column) = position(of: offset, in: json)
                throw .configInvalid(
                    path: path,
                    reason: "not valid JSON at line \(line), column \(column): \(what); fix the file there (it must be "
                        + "one JSON object of thresholds, such as \(example))")
            case .tooDeep(let limit):
                throw .configInvalid(
                    path: path,
                    reason: "JSON nested deeper than \(limit) levels; a threshold file is one flat object, such as "
                        + example)
            case .notABody(let reason):  // the body decoder's, never the parser's
                throw .configInvalid(path: path, reason: reason)
            }
        }
        guard case .object(let members) = root else {
            throw .configInvalid(
                path: path,
                reason: "it holds \(root.kind), not a JSON object of thresholds; write one such as \(example)")
        }
        return members
    }

    /// The line and column (both from 1, the column in characters) of a byte offset; a leading
    /// byte-order mark is not counted.
    static func position(of offset: Int, in json: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let start = json.starts(with: bom) ? 3 : 0
        for byte in json.prefix(max(start, min(offset, json.count))).dropFirst(start) {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The settings that are numbers (all but ``windowMinutes``), by name.
    static var numberSettings: [(name: String, path: WritableKeyPath<BriefingConfig, Double>)] {
        [
            ("windAmberKt", \.windAmberKt), ("windRedKt", \.windRedKt), ("gustAmberKt", \.gustAmberKt),
            ("gustRedKt", \.gustRedKt), ("gustSpreadAmberKt", \.gustSpreadAmberKt),
            ("visibilityAmberM", \.visibilityAmberM), ("visibilityRedM", \.visibilityRedM),
            ("heatAmberC", \.heatAmberC), ("heatRedC", \.heatRedC), ("coldAmberC", \.coldAmberC),
            ("coldRedC", \.coldRedC), ("icingMaxC", \.icingMaxC), ("icingVisibilityM", \.icingVisibilityM),
            ("precipitationChanceMin", \.precipitationChanceMin), ("heavyRainMmPerHour", \.heavyRainMmPerHour),
            ("heavySnowMmPerHour", \.heavySnowMmPerHour),
        ]
    }

    /// Sets a known setting from its JSON value; the problem when the value does not fit.
    private mutating func set(_ key: String, to value: JSONValue) -> String? {
        if key == "windowMinutes" {
            let range = Self.windowMinutesRange
            guard case .number(let number) = value, number.isFinite, number == number.rounded(),
                abs(number) <= Double(range.upperBound + 1), range.contains(Int(number))
            else {
                let got = value.isOutOfRange ? "a number out of range" : value.shortText
                return "windowMinutes must be a whole number of minutes from \(range.lowerBound) to "
                    + "\(range.upperBound), got \(got)"
            }
            windowMinutes = Int(number)
            return nil
        }
        guard let path = Self.numberSettings.first(where: { $0.name == key })?.path else { return nil }
        let example = JSONValue.number(self[keyPath: path]).shortText
        guard case .number(let number) = value else {
            return "\(key) is not a number (it is \(value.shortText)); give a number such as \(example)"
        }
        guard number.isFinite else {
            return "\(key) is out of range (a number beyond ±1.8e308, such as 1e999, cannot be held); "
                + "give a number such as \(example)"
        }
        self[keyPath: path] = number
        return nil
    }
}

extension JSONValue {
    /// Whether this is a number too large to hold (the parser reads `1e999` as infinity).
    fileprivate var isOutOfRange: Bool {
        if case .number(let number) = self { return !number.isFinite }
        return false
    }
}
