public import FleetWeather

extension WeatherKitError {
    /// A body that could not be decoded, as the live client reports it: bytes that are not
    /// JSON are a transient failure (a cut-off answer may come whole on the next attempt);
    /// JSON of another shape is undecodable, which no retry changes.
    ///
    /// - Parameter error: Why ``WeatherBody/decode(_:)`` refused the body.
    public init(decoding error: WeatherDataError) {
        switch error {
        case .truncated(let reason): self = .transient(reason: reason, retryAfter: nil)
        case .notABody(let detail): self = .undecodable(detail)
        case .syntax, .tooDeep: self = .undecodable(error.description)
        }
    }
}
