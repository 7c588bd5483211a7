internal import FleetFiles
public import FleetWeather
public import Foundation

/// The attribution endpoint and its mark images (docs/weatherkit-api.md §2.3): the
/// same transport, timeout, size cap and bearer token as weather requests, one attempt each.
extension WeatherKitClient {
    /// The language of the attribution fleetwx asks for: the pages' own text is English.
    public static let attributionLanguage = "en"

    /// The `/attribution/{language}` URL (no `/api/v1` prefix).
    ///
    /// - Parameter language: The language tag.
    /// - Returns: The URL.
    public func attributionURL(language: String = Self.attributionLanguage) -> URL {
        endpoint.url(path: "/attribution/" + URLText.pathSegment(language), query: nil)
    }

    /// A mark's URL: the partial path appended to the endpoint, or `nil` for a path that could
    /// leave it (``AttributionManifest/isSafePath(_:)``).
    ///
    /// - Parameter path: The logo value of the attribution.
    /// - Returns: The URL on the endpoint's host.
    public func markURL(path: String) -> URL? {
        guard AttributionManifest.isSafePath(path) else { return nil }
        return endpoint.url(path: path, query: nil)
    }

    /// Fetches and checks the attribution: a single attempt.
    ///
    /// - Parameter language: The language tag.
    /// - Returns: The status and the manifest, or the classified error (a body that is not an
    ///   attribution is ``WeatherKitError/undecodable(_:)``).
    public func attemptAttribution(language: String = Self.attributionLanguage) async -> ServiceAttempt<
        AttributionManifest
    > {
        let (response, outcome) = await perform(attributionURL(language: language))
        return ServiceAttempt(
            httpStatus: response?.status,
            result: outcome.flatMap { response in
                Result { () throws(WeatherKitError) in
                    do throws(WeatherDataError) {
                        return try AttributionManifest(body: response.body)
                    } catch {
                        throw .undecodable("attribution: " + error.reason(bodySize: response.body.count))
                    }
                }
            })
    }

    /// Fetches one mark image and checks that it is a small PNG: a single attempt.
    ///
    /// - Parameter path: The logo path of the attribution.
    /// - Returns: The status and the PNG bytes, or the classified error.
    public func attemptMark(path: String) async -> ServiceAttempt<Data> {
        guard let url = markURL(path: path) else {
            return ServiceAttempt(
                httpStatus: nil, result: .failure(.notSent("\(path.bounded) is not a path on the WeatherKit host")))
        }
        let (response, outcome) = await perform(url, accept: "image/png")
        return ServiceAttempt(
            httpStatus: response?.status,
            result: outcome.flatMap { response in
                if let problem = AttributionMarks.problem(response.body) {
                    return .failure(.undecodable("the mark \(path.bounded) \(problem)"))
                }
                return .success(response.body)
            })
    }
}
