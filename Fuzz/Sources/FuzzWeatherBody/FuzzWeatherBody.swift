import FleetWeather
import Foundation

/// Decodes the input as a WeatherKit `/api/v1/weather` body (the one decoder for live answers,
/// recordings and the cache, over the hand-written JSON parser) and merges it into a cell's
/// weather as a replay does. Any bytes must either decode or be refused with an error; a
/// decoded body's warnings stay a short list (docs/weatherkit-bodies.md: grouped and capped)
/// and its hours stay in time order after the merge.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWeatherBody(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let decoded: DecodedBody
    do {
        decoded = try WeatherBody.decode(data)
    } catch {
        _ = error.description
        return 0
    }
    precondition(decoded.warnings.count <= 32, "\(decoded.warnings.count) warnings for one body")
    var weather = CellWeather()
    weather.merge(decoded.response)
    weather.merge(decoded.response)
    let starts = weather.hours.compactMap(\.forecastStart)
    precondition(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "merged hours out of order")
    return 0
}
