internal import FleetFiles
internal import FleetWeather
public import Foundation

/// Talks to the WeatherKit REST API: builds URLs, sends ONE attempt, classifies the answer.
///
/// Retries live in the fetch engine, not here, because each attempt must first be recorded
/// in the quota ledger (every HTTP request counts against the monthly quota).
public struct WeatherKitClient: Sendable {
    public let endpoint: WeatherKitEndpoint
    /// The language path segment (only alert text is localized).
    public let language: String
    public let transport: any HTTPTransport
    public let tokens: any TokenSource
    /// Per-request timeout.
    public let timeout: Duration
    private let now: @Sendable () -> Date

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - endpoint: The checked base URL.
    ///   - language: The language tag (default `en-US`).
    ///   - transport: Sends requests.
    ///   - tokens: Supplies bearer tokens.
    ///   - timeout: Per-request timeout (default 20 s).
    ///   - now: The clock, for HTTP-date `Retry-After` values.
    public init(
        endpoint: WeatherKitEndpoint, language: String = "en-US", transport: any HTTPTransport,
        tokens: any TokenSource, timeout: Duration = .seconds(20), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.endpoint = endpoint
        self.language = language
        self.transport = transport
        self.tokens = tokens
        self.timeout = timeout
        self.now = now
    }

    /// The `/api/v1/weather/{language}/{lat}/{lon}` URL for a query.
    ///
    /// - Parameter query: The query.
    /// - Returns: The URL, with `dataSets` comma-delimited, times as UTC `…Z` without fractions,
    ///   `timezone`, and the upper-cased country in both `countryCode` and `country`.
    public func url(for query: WeatherQuery) -> URL {
        let sets = Array(Set(query.dataSets)).sorted()
        var items: [(String, String)] = [("dataSets", sets.map(\.rawValue).joined(separator: ","))]
        let times = [
            ("hourlyStart", query.hourlyStart), ("hourlyEnd", query.hourlyEnd),
            ("dailyStart", query.dailyStart), ("dailyEnd", query.dailyEnd),
        ]
        for (name, date) in times {
            if let date { items.append((name, URLText.time(date))) }
        }
        if let zone = query.timeZone, !zone.isEmpty { items.append(("timezone", zone)) }
        if let country = query.country?.uppercased(), !country.isEmpty {
            items.append(("countryCode", country))
            items.append(("country", country))
        }
        let path =
            "/api/v1/weather/\(URLText.pathSegment(language))/\(URLText.coordinate(query.latitude))/"
            + URLText.coordinate(query.longitude)
        return endpoint.url(path: path, query: URLText.query(items))
    }

    /// The `/api/v1/availability/{lat}/{lon}?country=XX` URL.
    ///
    /// - Parameters:
    ///   - latitude: The latitude.
    ///   - longitude: The longitude.
    ///   - country: ISO alpha-2 code, upper-cased.
    /// - Returns: The URL.
    public func availabilityURL(latitude: Double, longitude: Double, country: String?) -> URL {
        let path = "/api/v1/availability/\(URLText.coordinate(latitude))/\(URLText.coordinate(longitude))"
        let query = country.map { URLText.query([("country", $0.uppercased())]) }
        return endpoint.url(path: path, query: query)
    }

    /// Fetches one body: a single attempt, no retry.
    ///
    /// - Parameter query: What to fetch.
    /// - Returns: The exact body, its decoded form and the request ID.
    /// - Throws: The classified ``WeatherKitError``.
    public func fetchWeather(_ query: WeatherQuery) async throws(WeatherKitError) -> FetchedWeather {
        try await attempt(query).result.get()
    }

    /// One attempt at a body, with the HTTP status it got (for the quota ledger, failures
    /// included).
    ///
    /// - Parameter query: What to fetch.
    /// - Returns: The status, when an answer came, and the body or the classified error.
    public func attempt(_ query: WeatherQuery) async -> WeatherAttempt {
        let (response, outcome) = await perform(url(for: query))
        return WeatherAttempt(
            httpStatus: response?.status,
            result: outcome.flatMap { response in
                Result { () throws(WeatherKitError) in try Self.body(of: response, for: query) }
            })
    }

    /// Decodes a 2xx answer into a body, or says why it is not one.
    static func body(of response: HTTPResponse, for query: WeatherQuery) throws(WeatherKitError) -> FetchedWeather {
        // An empty or cut-off 200 body is a transport glitch, like the spurious empty 404s:
        // worth another attempt. A body that is valid JSON of the wrong shape is not.
        guard !response.body.isEmpty else {
            throw .transient(reason: "HTTP 200 with an empty body", retryAfter: nil)
        }
        // Decoded field by field: an odd value is dropped with a warning and the rest kept, so
        // only a body that is not JSON at all is worth another attempt (see WeatherBody).
        let decoded: DecodedBody
        do {
            decoded = try WeatherBody.decode(response.body)
        } catch {
            throw WeatherKitError(decoding: error, bodySize: response.body.count)
        }
        // The body states its place as the requested one rounded to three decimals; one that
        // is elsewhere (another cell's answer, a proxy's mix-up) would brief these flights with
        // another airport's weather, and cached, every later night too.
        let requested = (latitude: query.latitude, longitude: query.longitude)
        if let place = decoded.response.location, !PlaceMatch.agree(place, requested) {
            throw .wrongPlace(
                "its metadata places it at \(PlaceMatch.text(place)), not the requested place "
                    + "\(PlaceMatch.text(requested)); refused (not cached, not used)")
        }
        // WeatherKit leaves `weatherAlerts` out where no agency's alerts are covered (Japan,
        // for one), so a body without it is an answer, not an error.
        let wanted = Set(query.dataSets).subtracting([.weatherAlerts])
        if !wanted.isEmpty, wanted.isDisjoint(with: decoded.response.dataSets) {
            // The decoder's first warning is usually why (`latitude: 999` dropped every data set).
            let why = decoded.warnings.first.map { " (\($0.bounded(limit: ResponseClassifier.detailLimit)))" } ?? ""
            throw .undecodable("none of the requested data sets is in the body\(why)")
        }
        return FetchedWeather(
            body: response.body, response: decoded.response, requestID: response.header("x-request-id"),
            warnings: decoded.warnings)
    }

    /// Lists the data sets WeatherKit has for a place (`check-credentials` uses it).
    ///
    /// - Parameters:
    ///   - latitude: The latitude.
    ///   - longitude: The longitude.
    ///   - country: ISO alpha-2 code; without it `weatherAlerts` is not listed.
    /// - Returns: Data-set names, e.g. `["currentWeather", "forecastDaily", …]`.
    /// - Throws: The classified ``WeatherKitError``.
    public func availability(latitude: Double, longitude: Double, country: String?) async throws(WeatherKitError)
        -> [String]
    {
        let url = availabilityURL(latitude: latitude, longitude: longitude, country: country)
        return try Self.decodeAvailability(try await perform(url).outcome.get())
    }

    static func decodeAvailability(_ response: HTTPResponse) throws(WeatherKitError) -> [String] {
        do {
            return try JSONDecoder().decode([String].self, from: response.body)
        } catch {
            throw .undecodable("availability is not a JSON array of data-set names (\(response.body.count) bytes)")
        }
    }

    /// Sends one authorized GET; keeps the raw response (when there was one) next to the outcome,
    /// so callers can read headers such as `Date` even from a refusal.
    func perform(
        _ url: URL, accept: String = "application/json"
    ) async -> (response: HTTPResponse?, outcome: Result<HTTPResponse, WeatherKitError>) {
        let token: String
        do {
            token = try await tokens.token()
        } catch {
            return (nil, .failure(Self.tokenError(error)))
        }
        let request = HTTPRequest(
            url: url,
            // `identity`: a compressed body could inflate far past the size cap before the cap
            // is checked (see URLSessionTransport); WeatherKit bodies are small enough plain.
            headers: ["Authorization": "Bearer \(token)", "Accept": accept, "Accept-Encoding": "identity"],
            timeout: timeout)
        // Cancelled between the reservation and here: nothing goes out, nothing is charged.
        if Task.isCancelled { return (nil, .failure(.notSent("the run was cancelled before it was sent"))) }
        let response: HTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            return (nil, .failure(Self.transportError(error)))
        }
        if let error = ResponseClassifier.error(for: response, token: token, now: now()) {
            return (response, .failure(error))
        }
        return (response, .success(response))
    }

    private static func tokenError(_ error: any Error) -> WeatherKitError {
        switch error {
        case let error as WeatherKitError: error
        case is CancellationError: .cancelled
        case let error as any CustomStringConvertible: .tokenUnavailable(error.description)
        default: .tokenUnavailable("\(type(of: error))")
        }
    }

    private static func transportError(_ error: any Error) -> WeatherKitError {
        switch error {
        case let error as WeatherKitError: error
        case is CancellationError: .cancelled
        default: .noResponse("connection failed (\(type(of: error)))")
        }
    }
}
