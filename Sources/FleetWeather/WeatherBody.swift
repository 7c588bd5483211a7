public import Foundation

/// A decoded `/api/v1/weather` body and what was dropped from it.
public struct DecodedBody: Sendable, Equatable {
    /// The body's data sets, with every unusable value left out.
    public var response: WeatherResponse
    /// One line per problem (bounded, see docs/weatherkit-bodies.md), each naming its path:
    /// `forecastHourly.hours[3].uvIndex: 4.5 is not a whole number; dropped`.
    public var warnings: [String]

    /// Creates a decoded body.
    public init(response: WeatherResponse, warnings: [String] = []) {
        self.response = response
        self.warnings = warnings
    }
}

/// The one decoder of WeatherKit bodies, for live answers, recordings and the cache alike.
///
/// The body is read in one pass (``BodyStream``) and each model is built field by field: a value of the wrong type
/// or outside its physical range (``ValueBounds``) is dropped with a warning, an hour, day or
/// alert that is not an object is dropped with a warning, and a data set whose location
/// disagrees with the body's forecasts is dropped with a warning. Everything else is kept.
/// Only a body that is not JSON, or is JSON of another shape entirely, fails.
public enum WeatherBody {
    /// Decodes a body.
    ///
    /// - Parameter data: The body's bytes.
    /// - Returns: The body and its warnings.
    /// - Throws: ``WeatherDataError/syntax(offset:what:)`` when the bytes are not JSON (cut off
    ///   or garbled: live, another attempt may bring the whole body), and
    ///   ``WeatherDataError/tooDeep(limit:)`` or ``WeatherDataError/notABody(_:)`` for JSON
    ///   that is not a WeatherKit body (absurd nesting, not an object, a data set that is not an
    ///   object), which no retry will change. ``WeatherDataError/reason(bodySize:)`` words them.
    public static func decode(_ data: Data) throws(WeatherDataError) -> DecodedBody {
        let read: Result<(WeatherResponse, BodyNotes), WeatherDataError> = data.withUnsafeBytes { raw in
            var stream = BodyStream(bytes: raw.bindMemory(to: UInt8.self))
            return Result { () throws(WeatherDataError) in (try stream.response(), stream.notes) }
        }
        var (response, notes) = try read.get()
        for (name, reason) in notes.unplaced {
            guard let dataSet = DataSet(rawValue: name), response.dataSets.contains(dataSet) else { continue }
            response.remove(dataSet)
            notes.noteDataSet(reason)
        }
        checkLocations(&response, &notes)
        return DecodedBody(response: response, warnings: notes.warnings)
    }

    /// Drops each data set whose `metadata` location is not the body's place.
    ///
    /// The place is that of the first data set in ``WeatherResponse/locationOrder`` to name
    /// one: the hourly forecast, else the daily one, else current conditions. Forecasts win
    /// because the briefing is built from them, and alerts come last because alerts for the
    /// wrong place do the most harm. Places are compared with ``PlaceMatch`` (0.0006°, in whole
    /// micro-degrees). A data set without a location is kept; one whose location was given but
    /// unusable (`"latitude": 999`) was dropped before this.
    private static func checkLocations(_ response: inout WeatherResponse, _ notes: inout BodyNotes) {
        var place: (dataSet: DataSet, latitude: Double, longitude: Double)?
        for dataSet in WeatherResponse.locationOrder {
            guard let metadata = response.metadata(for: dataSet), let latitude = metadata.latitude,
                let longitude = metadata.longitude
            else { continue }
            guard let place else {
                place = (dataSet, latitude, longitude)
                continue
            }
            guard !PlaceMatch.agree((latitude, longitude), (place.latitude, place.longitude)) else { continue }
            response.remove(dataSet)
            notes.noteDataSet(
                "\(dataSet.rawValue): its location \(PlaceMatch.text((latitude, longitude))) is not the location of "
                    + "\(place.dataSet.rawValue) (\(PlaceMatch.text((place.latitude, place.longitude)))); "
                    + "data set dropped")
        }
    }
}
