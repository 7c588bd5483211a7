internal import FleetWeatherKit

/// `--endpoint`, else `WEATHERKIT_ENDPOINT`, else Apple's production URL.
enum EndpointOption {
    /// Picks the endpoint text; a bad `--endpoint` is a usage error at once, before the
    /// schedule is even read. `WEATHERKIT_ENDPOINT` is checked where it is used (a replayed run
    /// never needs it), and a bad value there is a configuration error (exit 1).
    ///
    /// - Parameters:
    ///   - parsed: The command line.
    ///   - environment: The process environment.
    /// - Returns: The endpoint text.
    /// - Throws: ``AppError/usage(_:)`` when `--endpoint` is not a usable WeatherKit URL.
    static func resolve(_ parsed: ParsedArguments, environment: AppEnvironment) throws(AppError) -> String {
        guard let option = parsed.value(.endpoint) else {
            return OptionSpec.endpoint.variable.flatMap { environment.variables[$0] } ?? OptionDefaults.endpoint
        }
        do {
            _ = try WeatherKitEndpoint(string: option)
        } catch {
            throw .usage("--endpoint: \(error.description)")
        }
        return option
    }
}
