internal import FleetFiles
internal import Foundation

/// Where a value sits in a body (`forecastHourly.hours[3]`), made into text only when a value
/// there is dropped: a 240-hour body has thousands of fields and nearly all are fine.
struct BodyPath {
    /// The container's path, `forecastHourly.hours` or `currentWeather.metadata`.
    let base: String
    /// The entry's index in an array, if the value is in one.
    let index: Int?

    init(_ base: String, index: Int? = nil) {
        self.base = base
        self.index = index
    }

    /// The path of a member, `forecastHourly.hours[3].uvIndex`.
    func text(_ key: String) -> String { entry + "." + key }

    /// The path of the entry itself, `forecastHourly.hours[3]`.
    var entry: String { index.map { "\(base)[\($0)]" } ?? base }

    /// The same member in any entry, `forecastHourly.hours[].uvIndex`: repeated warnings are
    /// grouped by it.
    func pattern(_ key: String) -> String { (index == nil ? base : base + "[]") + "." + key }

    /// A member that is itself a container, `currentWeather.metadata`.
    func child(_ key: String) -> BodyPath { BodyPath(text(key)) }
}

/// The values a decode dropped, as a bounded list of warnings.
///
/// Warnings about the same member in many entries (`uvIndex` in all 240 hours) are one line,
/// the first occurrence with a count of the rest; at most ``distinctLimit`` such lines are
/// kept per body, then one line says how many more values were dropped. Warnings about whole
/// data sets are always kept.
struct BodyNotes {
    /// Most distinct warning lines about single values in one body.
    static let distinctLimit = 8

    /// How many values have been dropped so far: a builder compares it before and after a
    /// member to learn whether that member's value was dropped.
    private(set) var droppedCount = 0
    /// Data sets whose `metadata` coordinates were present but unusable, with why (see
    /// ``coordinate(_:_:_:in:)``).
    private(set) var unplaced: [(dataSet: String, reason: String)] = []

    private var order: [String] = []
    private var entries: [String: (message: String, more: Int)] = [:]
    private var dataSetLines: [String] = []
    private var overflow = 0

    /// Notes a dropped value.
    ///
    /// - Parameters:
    ///   - pattern: The grouping key (``BodyPath/pattern(_:)``).
    ///   - message: The full warning, built only for the first of its group.
    mutating func note(_ pattern: String, _ message: @autoclosure () -> String) {
        droppedCount += 1
        if let index = entries.index(forKey: pattern) {
            entries.values[index].more += 1
        } else if order.count < Self.distinctLimit {
            order.append(pattern)
            entries[pattern] = (message(), 0)
        } else {
            overflow += 1
        }
    }

    /// A `metadata` coordinate (`latitude`, `longitude`), checked like ``number(_:_:_:in:)``;
    /// one that is present but unusable (`"latitude": 999`) marks its data set as unplaced
    /// instead of being noted as a dropped value: without it the data set's place is unknown,
    /// and a data set of unknown place could be anyone's weather, so the whole data set is
    /// dropped (one warning, saying so), not kept as placeless.
    mutating func coordinate(
        _ value: JSONValue, _ path: BodyPath, _ key: String, in range: ClosedRange<Double>
    ) -> Double? {
        switch Self.check(value, in: range) {
        case .absent: return nil
        case .number(let number): return number
        case .unusable(let why):
            droppedCount += 1
            let dataSet = String(path.base.prefix { $0 != "." })
            unplaced.append(
                (dataSet, "\(dataSet): its metadata.\(key) \(why), so its place is unknown; data set dropped"))
            return nil
        }
    }

    /// Notes a dropped data set (never bounded: there are at most four).
    mutating func noteDataSet(_ message: String) { dataSetLines.append(message) }

    /// The warnings, in the order first seen.
    var warnings: [String] {
        var lines = dataSetLines
        for pattern in order {
            guard let entry = entries[pattern] else { continue }
            lines.append(entry.more == 0 ? entry.message : entry.message + " (and \(entry.more) more like it)")
        }
        if overflow > 0 { lines.append("and \(overflow) more values dropped from this body") }
        return lines
    }
}

/// Reading one member's value, checked for type and range; a value that fails is noted and
/// becomes `nil`, and JSON `null` is simply absent.
extension BodyNotes {
    mutating func number(
        _ value: JSONValue, _ path: BodyPath, _ key: String, in range: ClosedRange<Double>
    ) -> Double? {
        switch Self.check(value, in: range) {
        case .absent: return nil
        case .number(let number): return number
        case .unusable(let why):
            note(path.pattern(key), "\(path.text(key)): \(why); dropped")
            return nil
        }
    }

    /// A number member's value, or why it cannot be used (`999 is outside -90…90`).
    enum CheckedNumber {
        case absent
        case number(Double)
        case unusable(String)
    }

    /// Checks a number member for type and range (the one wording of why one is refused).
    static func check(_ value: JSONValue, in range: ClosedRange<Double>) -> CheckedNumber {
        switch value {
        case .null: .absent
        case .number(let number) where number.isFinite && range.contains(number): .number(number)
        case .number(let number) where number.isFinite:
            .unusable("\(JSONValue.numberText(number)) is outside \(text(range))")
        case .number(let number): .unusable("\(JSONValue.numberText(number)) is not a finite number")
        default: .unusable("\(value.shortText) is not a number")
        }
    }

    mutating func whole(_ value: JSONValue, _ path: BodyPath, _ key: String, in range: ClosedRange<Int>) -> Int? {
        switch value {
        case .null:
            return nil
        case .number(let number) where number.isFinite && number != number.rounded():
            note(path.pattern(key), "\(path.text(key)): \(JSONValue.numberText(number)) is not a whole number; dropped")
            return nil
        case .number(let number) where Double(range.lowerBound) <= number && number <= Double(range.upperBound):
            return Int(number)  // whole and within a small range, so the conversion cannot trap
        case .number(let number):
            let why = number.isFinite ? "is outside \(range.lowerBound)…\(range.upperBound)" : "is not a finite number"
            note(path.pattern(key), "\(path.text(key)): \(JSONValue.numberText(number)) \(why); dropped")
            return nil
        default:
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not a whole number; dropped")
            return nil
        }
    }

    mutating func string(_ value: JSONValue, _ path: BodyPath, _ key: String) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        default:
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not a string; dropped")
            return nil
        }
    }

    mutating func bool(_ value: JSONValue, _ path: BodyPath, _ key: String) -> Bool? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag
        default:
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not true or false; dropped")
            return nil
        }
    }

    mutating func date(_ value: JSONValue, _ path: BodyPath, _ key: String) -> Date? {
        if case .string(let text) = value, let date = WeatherJSON.parseDate(text) {
            guard ValueBounds.instants.contains(date) else {
                note(
                    path.pattern(key),
                    "\(path.text(key)): \(value.shortText) is outside \(BriefedYears.text); dropped")
                return nil
            }
            return date
        }
        if case .null = value { return nil }
        note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not an ISO 8601 date-time; dropped")
        return nil
    }

    mutating func token<Token: OpenEnum>(_ value: JSONValue, _ path: BodyPath, _ key: String) -> Token? {
        string(value, path, key).map(Token.init(token:))
    }

    /// An array of strings; elements that are not strings are dropped one by one.
    mutating func strings(_ value: JSONValue, _ path: BodyPath, _ key: String) -> [String]? {
        guard case .array(let elements) = value else {
            if case .null = value { return nil }
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not an array; dropped")
            return nil
        }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element {
                result.append(text)
            } else {
                note(
                    path.pattern(key + "[]"),
                    "\(path.text(key))[\(index)]: \(element.shortText) is not a string; dropped")
            }
        }
        return result
    }

    /// The members of an object-valued member (`metadata`); anything else is dropped.
    mutating func object(
        _ value: JSONValue, _ path: BodyPath, _ key: String
    ) -> [(key: String, value: JSONValue)]? {
        switch value {
        case .null: return nil
        case .object(let members): return members
        default:
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not an object; dropped")
            return nil
        }
    }

    /// The entries of an array of objects (`hours`, `days`, `alerts`); an entry that is not an
    /// object is dropped, the others are built by `make`.
    mutating func entries<Entry>(
        _ value: JSONValue, _ path: BodyPath, _ key: String,
        make: (_ members: [(key: String, value: JSONValue)], _ path: BodyPath, _ notes: inout BodyNotes) -> Entry
    ) -> [Entry]? {
        guard case .array(let elements) = value else {
            if case .null = value { return nil }
            note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not an array; dropped")
            return nil
        }
        let base = path.text(key)
        var result: [Entry] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let entry = BodyPath(base, index: index)
            guard case .object(let members) = element else {
                note(base + "[]", "\(entry.entry): \(element.shortText) is not an object; entry dropped")
                continue
            }
            result.append(make(members, entry, &self))
        }
        return result
    }

    /// `0…1`, `-100…70`.
    static func text(_ range: ClosedRange<Double>) -> String {
        JSONValue.numberText(range.lowerBound) + "…" + JSONValue.numberText(range.upperBound)
    }
}
