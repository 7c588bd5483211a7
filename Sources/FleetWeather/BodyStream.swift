internal import Foundation

/// Reads a WeatherKit body in one pass straight into its models, without a tree of values.
///
/// Why: the hourly forecast is nearly the whole body (thousands of values each), and parsing
/// it into ``JSONValue``s first (an array of named members per hour, a `String` per name)
/// made decoding allocation-bound. Here the hours are read member by member from the bytes:
/// names are matched on their bytes (``BodyKey``), numbers and dates are read in place, and
/// only a value that must be worded in a warning (wrong type, out of range) is parsed into a
/// ``JSONValue``, so every warning reads as before. The small parts (metadata, days, current
/// conditions, alerts) are parsed as values and built by the models' field readers in
/// `WeatherBody+Models.swift`, so both paths share one set of rules and messages.
///
/// Errors are those of parsing the whole document first: a syntax error anywhere wins over a
/// data set of the wrong shape, which is only thrown once the whole body has been checked.
struct BodyStream {
    var parser: JSONParser
    var notes = BodyNotes()
    let size: Int
    var conditions = TokenMemo<ConditionCode>()
    var precipitation = TokenMemo<PrecipitationType>()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = JSONParser(bytes: bytes)
        size = bytes.count
    }

    /// The body's data sets (before the location checks of ``WeatherBody``).
    mutating func response() throws(WeatherDataError) -> WeatherResponse {
        let bytes = parser.bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipSpace()
        guard parser.index < bytes.count else {
            throw .syntax(offset: parser.index, what: WeatherDataError.noValue)
        }
        guard parser.current == UInt8(ascii: "{") else {
            let root = try parser.value()
            try end()
            throw .notABody("the body is \(root.kind), not a JSON object (\(size) bytes)")
        }
        var response = WeatherResponse()
        var shapeError: WeatherDataError?
        if try parser.openObject() {
            repeat {
                parser.skipSpace()
                guard parser.current == UInt8(ascii: "\"") else { throw parser.fail("a member name was expected") }
                let key = try parser.string()
                parser.skipSpace()
                guard parser.current == UInt8(ascii: ":") else { throw parser.fail("':' was expected") }
                parser.index += 1
                parser.skipSpace()
                switch key {
                case "currentWeather":
                    let value = try dataSet(key, &shapeError)
                    response.currentWeather = value.map { WeatherBody.current($0, &notes) }
                case "forecastDaily":
                    response.forecastDaily = try streamed(key, &shapeError) { stream throws(WeatherDataError) in
                        try stream.daily()
                    }
                case "forecastHourly":
                    response.forecastHourly = try streamed(key, &shapeError) { stream throws(WeatherDataError) in
                        try stream.hourly()
                    }
                case "weatherAlerts":
                    let value = try dataSet(key, &shapeError)
                    response.weatherAlerts = value.map { WeatherBody.alerts($0, &notes) }
                default:
                    try parser.skipValue()  // forecastNextHour and members Apple adds later
                }
            } while try parser.nextMember()
        }
        try end()
        if let shapeError { throw shapeError }
        return response
    }

    /// Nothing but white space after the document's value.
    private mutating func end() throws(WeatherDataError) {
        parser.skipSpace()
        guard parser.index == parser.bytes.count else {
            throw .syntax(offset: parser.index, what: "text after the JSON value")
        }
    }

    /// A data set parsed as a value: its members, `nil` for `null`; anything else is the body's
    /// shape error (the first one), thrown when the whole body has been checked.
    private mutating func dataSet(
        _ name: String, _ shapeError: inout WeatherDataError?
    ) throws(WeatherDataError) -> [(key: String, value: JSONValue)]? {
        let value = try parser.value()
        switch value {
        case .null: return nil
        case .object(let members): return members
        default:
            shapeError = shapeError ?? .notABody("\(name) is \(value.kind), not an object (\(size) bytes)")
            return nil
        }
    }

    /// A data set read in the stream when it is an object, else as ``dataSet(_:_:)``.
    private mutating func streamed<Model>(
        _ name: String, _ shapeError: inout WeatherDataError?,
        read: (inout BodyStream) throws(WeatherDataError) -> Model
    ) throws(WeatherDataError) -> Model? {
        guard parser.current == UInt8(ascii: "{") else {
            _ = try dataSet(name, &shapeError)  // null, or a shape error
            return nil
        }
        return try read(&self)
    }

    /// `forecastHourly`, at its `{`.
    mutating func hourly() throws(WeatherDataError) -> HourlyForecast {
        let path = BodyPath("forecastHourly")
        var hourly = HourlyForecast()
        guard try parser.openObject() else { return hourly }
        repeat {
            switch try parser.memberKey() {
            case .metadata: hourly.metadata = try metadata(path)
            case .hours:
                hourly.hours = try entries(path, "hours") { stream, entry throws(WeatherDataError) in
                    try stream.hour(entry)
                }
            default: try parser.skipValue()
            }
        } while try parser.nextMember()
        return hourly
    }

    /// `forecastDaily`, at its `{`: a few days a body, each built from its parsed members.
    mutating func daily() throws(WeatherDataError) -> DailyForecast {
        let path = BodyPath("forecastDaily")
        var daily = DailyForecast()
        guard try parser.openObject() else { return daily }
        repeat {
            switch try parser.memberKey() {
            case .metadata: daily.metadata = try metadata(path)
            case .days:
                daily.days = try entries(path, "days") { stream, entry throws(WeatherDataError) in
                    guard case .object(let members) = try stream.parser.value() else {
                        preconditionFailure("entries(_:_:make:) reads only objects")
                    }
                    return WeatherBody.day(members, entry, &stream.notes)
                }
            default: try parser.skipValue()
            }
        } while try parser.nextMember()
        return daily
    }

    private mutating func metadata(_ path: BodyPath) throws(WeatherDataError) -> Metadata? {
        let value = try parser.value()
        return notes.object(value, path, "metadata").map { WeatherBody.metadata($0, path.child("metadata"), &notes) }
    }

    /// An array of objects, each read by `make` at its `{`; an entry that is not an object is
    /// dropped with a warning (``BodyNotes/entries(_:_:_:make:)``'s rules and words).
    private mutating func entries<Entry>(
        _ path: BodyPath, _ key: String, make: (inout BodyStream, BodyPath) throws(WeatherDataError) -> Entry
    ) throws(WeatherDataError) -> [Entry]? {
        guard parser.current == UInt8(ascii: "[") else {
            let value = try parser.value()
            if case .null = value { return nil }
            notes.note(path.pattern(key), "\(path.text(key)): \(value.shortText) is not an array; dropped")
            return nil
        }
        let base = path.text(key)
        var result: [Entry] = []
        guard try parser.openArray() else { return result }
        var index = 0
        repeat {
            let entry = BodyPath(base, index: index)
            if parser.current == UInt8(ascii: "{") {
                result.append(try make(&self, entry))
            } else {
                let element = try parser.value()
                notes.note(base + "[]", "\(entry.entry): \(element.shortText) is not an object; entry dropped")
            }
            index += 1
        } while try parser.nextElement()
        return result
    }
}

/// The last token read for one member and its value: consecutive hours mostly repeat their
/// condition and precipitation type, so the table lookup (and a `String`) is skipped.
struct TokenMemo<Token: OpenEnum> {
    private var bytes: [UInt8] = []
    private var token: Token?

    mutating func token(_ text: UnsafeBufferPointer<UInt8>) -> Token {
        if let token, bytes.count == text.count, Self.same(bytes, text) { return token }
        let made = Token(token: String(decoding: text, as: UTF8.self))
        bytes = Array(text)
        token = made
        return made
    }

    private static func same(_ bytes: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { mine in
            guard let lhs = mine.baseAddress, let rhs = text.baseAddress else { return text.isEmpty }
            return memcmp(lhs, rhs, text.count) == 0
        }
    }
}
