internal import Foundation

/// One hour of `forecastHourly.hours`, read member by member (see ``BodyStream``): the same
/// members, checks and warnings as the other models' readers in `WeatherBody+Models.swift`,
/// with a value parsed into a ``JSONValue`` only when it is not what the member holds.
extension BodyStream {
    mutating func hour(_ path: BodyPath) throws(WeatherDataError) -> HourWeather {
        var hour = HourWeather(forecastStart: nil)
        guard try parser.openObject() else { return hour }
        var dropped: [String] = []  // no allocation for an hour that keeps every value
        repeat {
            let key = try parser.memberKey()
            let before = notes.droppedCount
            switch key {
            case .forecastStart: hour.forecastStart = try date(key, path)
            case .cloudCover: hour.cloudCover = try number(key, path, ValueBounds.fraction)
            case .conditionCode: hour.conditionCode = try condition(key, path)
            case .daylight: hour.daylight = notes.bool(try parser.value(), path, key.name)
            case .humidity: hour.humidity = try number(key, path, ValueBounds.fraction)
            case .precipitationAmount: hour.precipitationAmount = try number(key, path, ValueBounds.amount)
            case .precipitationChance: hour.precipitationChance = try number(key, path, ValueBounds.fraction)
            case .precipitationIntensity: hour.precipitationIntensity = try number(key, path, ValueBounds.intensity)
            case .precipitationType: hour.precipitationType = try precipitationType(key, path)
            case .pressure: hour.pressure = try number(key, path, ValueBounds.pressure)
            case .snowfallIntensity: hour.snowfallIntensity = try number(key, path, ValueBounds.intensity)
            case .snowfallAmount: hour.snowfallAmount = try number(key, path, ValueBounds.amount)
            case .temperature: hour.temperature = try number(key, path, ValueBounds.temperature)
            case .temperatureApparent:
                hour.temperatureApparent = try number(key, path, ValueBounds.apparentTemperature)
            case .temperatureDewPoint: hour.temperatureDewPoint = try number(key, path, ValueBounds.temperature)
            case .uvIndex: hour.uvIndex = try whole(key, path, ValueBounds.uvIndex)
            case .visibility: hour.visibility = try number(key, path, ValueBounds.visibility)
            case .windDirection: hour.windDirection = try number(key, path, ValueBounds.direction)
            case .windGust: hour.windGust = try number(key, path, ValueBounds.windSpeed)
            case .windSpeed: hour.windSpeed = try number(key, path, ValueBounds.windSpeed)
            default: try parser.skipValue()
            }
            if notes.droppedCount != before { dropped.append(key.name) }
        } while try parser.nextMember()
        if !dropped.isEmpty { hour.droppedValues = dropped }
        return hour
    }

    /// Whether the value at the read position starts a number.
    private var atNumber: Bool {
        guard let byte = parser.current else { return false }
        return byte == UInt8(ascii: "-") || parser.isDigit(byte)
    }

    private mutating func number(
        _ key: BodyKey, _ path: BodyPath, _ range: ClosedRange<Double>
    ) throws(WeatherDataError) -> Double? {
        guard atNumber else { return notes.number(try parser.value(), path, key.name, in: range) }
        let number = try parser.number()
        if number.isFinite, range.contains(number) { return number }
        return notes.number(.number(number), path, key.name, in: range)
    }

    private mutating func whole(
        _ key: BodyKey, _ path: BodyPath, _ range: ClosedRange<Int>
    ) throws(WeatherDataError) -> Int? {
        guard atNumber else { return notes.whole(try parser.value(), path, key.name, in: range) }
        let number = try parser.number()
        return notes.whole(.number(number), path, key.name, in: range)
    }

    private mutating func date(_ key: BodyKey, _ path: BodyPath) throws(WeatherDataError) -> Date? {
        let start = parser.index
        if let text = parser.plainString(), let date = ISODate.parse(bytes: text), ValueBounds.instants.contains(date) {
            return date
        }
        parser.index = start
        return notes.date(try parser.value(), path, key.name)
    }

    private mutating func condition(_ key: BodyKey, _ path: BodyPath) throws(WeatherDataError) -> ConditionCode? {
        if let text = parser.plainString() { return conditions.token(text) }
        return notes.token(try parser.value(), path, key.name)
    }

    private mutating func precipitationType(
        _ key: BodyKey, _ path: BodyPath
    ) throws(WeatherDataError) -> PrecipitationType? {
        if let text = parser.plainString() { return precipitation.token(text) }
        return notes.token(try parser.value(), path, key.name)
    }
}
