public import FleetWeather

extension WeatherKitError {
    /// A body that could not be decoded, as the live client reports it: bytes that are not
    /// JSON are a transient failure (a cut-off answer may come whole on the next attempt);
    /// JSON of another shape is undecodable, which no retry changes.
    ///
    /// - Parameters:
    ///   - error: Why ``WeatherBody/decode(_:)`` refused the body.
    ///   - bodySize: The body's size in bytes, for the message.
    public init(decoding error: WeatherDataError, bodySize: Int) {
        let reason = error.reason(bodySize: bodySize)
        self = error.mayBeCutOff ? .transient(reason: reason, retryAfter: nil) : .undecodable(reason)
    }
}
