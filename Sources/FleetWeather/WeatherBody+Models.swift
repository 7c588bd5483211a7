/// Each model built from its JSON members, one field at a time (see ``WeatherBody``). Members
/// not listed are ignored, as Apple adds them (`sourceType`, `pressureTrend`, cloud layers).
extension WeatherBody {
    typealias Members = [(key: String, value: JSONValue)]

    static func current(_ members: Members, _ notes: inout BodyNotes) -> CurrentWeather {
        let path = BodyPath("currentWeather")
        var current = CurrentWeather()
        for (key, value) in members {
            switch key {
            case "metadata":
                current.metadata = notes.object(value, path, key).map { metadata($0, path.child(key), &notes) }
            case "asOf": current.asOf = notes.date(value, path, key)
            case "cloudCover": current.cloudCover = notes.number(value, path, key, in: ValueBounds.fraction)
            case "conditionCode": current.conditionCode = notes.token(value, path, key)
            case "daylight": current.daylight = notes.bool(value, path, key)
            case "humidity": current.humidity = notes.number(value, path, key, in: ValueBounds.fraction)
            case "precipitationIntensity":
                current.precipitationIntensity = notes.number(value, path, key, in: ValueBounds.intensity)
            case "pressure": current.pressure = notes.number(value, path, key, in: ValueBounds.pressure)
            case "temperature": current.temperature = notes.number(value, path, key, in: ValueBounds.temperature)
            case "temperatureApparent":
                current.temperatureApparent = notes.number(value, path, key, in: ValueBounds.apparentTemperature)
            case "temperatureDewPoint":
                current.temperatureDewPoint = notes.number(value, path, key, in: ValueBounds.temperature)
            case "uvIndex": current.uvIndex = notes.whole(value, path, key, in: ValueBounds.uvIndex)
            case "visibility": current.visibility = notes.number(value, path, key, in: ValueBounds.visibility)
            case "windDirection": current.windDirection = notes.number(value, path, key, in: ValueBounds.direction)
            case "windGust": current.windGust = notes.number(value, path, key, in: ValueBounds.windSpeed)
            case "windSpeed": current.windSpeed = notes.number(value, path, key, in: ValueBounds.windSpeed)
            default: break
            }
        }
        return current
    }

    static func day(_ members: Members, _ path: BodyPath, _ notes: inout BodyNotes) -> DayWeather {
        var day = DayWeather(forecastStart: nil, forecastEnd: nil)
        for (key, value) in members {
            switch key {
            case "forecastStart": day.forecastStart = notes.date(value, path, key)
            case "forecastEnd": day.forecastEnd = notes.date(value, path, key)
            case "conditionCode": day.conditionCode = notes.token(value, path, key)
            case "precipitationAmount": day.precipitationAmount = notes.number(value, path, key, in: ValueBounds.amount)
            case "precipitationChance":
                day.precipitationChance = notes.number(value, path, key, in: ValueBounds.fraction)
            case "precipitationType": day.precipitationType = notes.token(value, path, key)
            case "snowfallAmount": day.snowfallAmount = notes.number(value, path, key, in: ValueBounds.amount)
            case "sunrise": day.sunrise = notes.date(value, path, key)
            case "sunset": day.sunset = notes.date(value, path, key)
            case "temperatureMax": day.temperatureMax = notes.number(value, path, key, in: ValueBounds.temperature)
            case "temperatureMin": day.temperatureMin = notes.number(value, path, key, in: ValueBounds.temperature)
            case "windGustSpeedMax": day.windGustSpeedMax = notes.number(value, path, key, in: ValueBounds.windSpeed)
            case "windSpeedMax": day.windSpeedMax = notes.number(value, path, key, in: ValueBounds.windSpeed)
            default: break
            }
        }
        return day
    }

    static func alerts(_ members: Members, _ notes: inout BodyNotes) -> WeatherAlertCollection {
        let path = BodyPath("weatherAlerts")
        var collection = WeatherAlertCollection()
        for (key, value) in members {
            switch key {
            case "metadata":
                collection.metadata = notes.object(value, path, key).map { metadata($0, path.child(key), &notes) }
            case "detailsUrl": collection.detailsUrl = notes.string(value, path, key)
            case "alerts": collection.alerts = notes.entries(value, path, key, make: alert)
            default: break
            }
        }
        return collection
    }

    static func alert(_ members: Members, _ path: BodyPath, _ notes: inout BodyNotes) -> WeatherAlertSummary {
        var alert = WeatherAlertSummary(id: nil)
        for (key, value) in members {
            switch key {
            case "id": alert.id = notes.string(value, path, key)
            case "areaId": alert.areaId = notes.string(value, path, key)
            case "areaName": alert.areaName = notes.string(value, path, key)
            case "countryCode": alert.countryCode = notes.string(value, path, key)
            case "description": alert.description = notes.string(value, path, key)
            case "detailsUrl": alert.detailsUrl = notes.string(value, path, key)
            case "effectiveTime": alert.effectiveTime = notes.date(value, path, key)
            case "expireTime": alert.expireTime = notes.date(value, path, key)
            case "issuedTime": alert.issuedTime = notes.date(value, path, key)
            case "eventOnsetTime": alert.eventOnsetTime = notes.date(value, path, key)
            case "eventEndTime": alert.eventEndTime = notes.date(value, path, key)
            case "severity": alert.severity = notes.token(value, path, key)
            case "certainty": alert.certainty = notes.string(value, path, key)
            case "urgency": alert.urgency = notes.string(value, path, key)
            case "source": alert.source = notes.string(value, path, key)
            case "importance": alert.importance = notes.string(value, path, key)
            case "phenomenon": alert.phenomenon = notes.string(value, path, key)
            case "responses": alert.responses = notes.strings(value, path, key)
            default: break
            }
        }
        return alert
    }

    static func metadata(_ members: Members, _ path: BodyPath, _ notes: inout BodyNotes) -> Metadata {
        var metadata = Metadata()
        for (key, value) in members {
            switch key {
            case "attributionURL": metadata.attributionURL = attribution(value, path, key, &notes)
            case "expireTime": metadata.expireTime = notes.date(value, path, key)
            case "readTime": metadata.readTime = notes.date(value, path, key)
            case "reportedTime": metadata.reportedTime = notes.date(value, path, key)
            case "latitude": metadata.latitude = notes.coordinate(value, path, key, in: ValueBounds.latitude)
            case "longitude": metadata.longitude = notes.coordinate(value, path, key, in: ValueBounds.longitude)
            case "providerName": metadata.providerName = notes.string(value, path, key)
            case "language": metadata.language = notes.string(value, path, key)
            case "units": metadata.units = notes.string(value, path, key)
            case "version": metadata.version = notes.whole(value, path, key, in: ValueBounds.version)
            case "temporarilyUnavailable": metadata.temporarilyUnavailable = notes.bool(value, path, key)
            default: break
            }
        }
        return metadata
    }

    /// The attribution link, only if ``Attribution/accepts(_:)`` it.
    private static func attribution(
        _ value: JSONValue, _ path: BodyPath, _ key: String, _ notes: inout BodyNotes
    ) -> String? {
        guard let link = notes.string(value, path, key) else { return nil }
        guard Attribution.accepts(link) else {
            notes.note(
                path.pattern(key),
                "\(path.text(key)): \(value.shortText) is not an https link to an Apple host; dropped")
            return nil
        }
        return link
    }
}
