public import FleetAuth
public import Foundation

/// `fleetwx check-credentials`: mints a token, makes ONE availability call and explains,
/// step by step, what works and what to fix.
///
/// Each failure names its cause in plain words: a missing variable, an unreadable key file,
/// a file that is not a PEM private key or holds the wrong key type, a token that does not
/// verify with its own key, `NOT_ENABLED` (with the four settings to check), an empty 401,
/// `OVER_QUOTA`, a network failure, or a clock that disagrees with Apple's.
public struct CredentialCheck: Sendable {
    /// Where the availability call asks about.
    public struct Probe: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var country: String

        /// Creates a probe location.
        public init(latitude: Double, longitude: Double, country: String) {
            self.latitude = latitude
            self.longitude = longitude
            self.country = country
        }

        /// New York (40.71, −74.01, US): every data set, alerts included, is available there.
        public static let newYork = Probe(latitude: 40.71, longitude: -74.01, country: "US")
    }

    /// Clock difference above which a warning is given.
    public static let maximumClockSkew: TimeInterval = 60

    public let endpoint: WeatherKitEndpoint
    public let transport: any HTTPTransport
    public let probe: Probe
    public let timeout: Duration
    private let now: @Sendable () -> Date

    /// Creates a check.
    ///
    /// - Parameters:
    ///   - endpoint: The WeatherKit base URL.
    ///   - transport: Sends the one request.
    ///   - now: The local clock (compared with the server's `Date`).
    ///   - probe: The location asked about.
    ///   - timeout: The request timeout.
    public init(
        endpoint: WeatherKitEndpoint, transport: any HTTPTransport, now: @escaping @Sendable () -> Date = { Date() },
        probe: Probe = .newYork, timeout: Duration = .seconds(20)
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.now = now
        self.probe = probe
        self.timeout = timeout
    }

    /// Runs the check from the `WEATHERKIT_*` environment variables.
    ///
    /// - Parameter environment: The process environment.
    /// - Returns: The report.
    public func run(environment: [String: String]) async -> CredentialReport {
        do {
            return await run(credentials: try Credentials.fromEnvironment(environment))
        } catch {
            let advice =
                error == .keyFileHoldsKeyText
                ? "Save the key as a file readable only by the job's user (chmod 600) and set WEATHERKIT_KEY_FILE "
                    + "to its path."
                : "Set them in the environment of the job (for example in the systemd unit or cron line)."
            let step = CredentialReport.Step(
                title: "Settings", status: .fail, summary: error.description, details: [advice])
            return CredentialReport(steps: [step])
        }
    }

    /// Runs the check with explicit credentials.
    ///
    /// - Parameter credentials: The four settings.
    /// - Returns: The report.
    public func run(credentials: Credentials) async -> CredentialReport {
        var report = CredentialReport()
        report.steps.append(
            .init(
                title: "Settings", status: .pass,
                summary: "team \(credentials.teamID), service \(credentials.serviceID), key \(credentials.keyID)"))
        let provider: TokenProvider
        do {
            provider = try TokenProvider(credentials: credentials, now: now)
        } catch {
            report.steps.append(.init(title: "Key file", status: .fail, summary: error.description))
            return report
        }
        report.steps.append(
            .init(
                title: "Key file", status: .pass,
                summary: "EC P-256 private key loaded from \(credentials.keyFileForDisplay)"))
        if let warning = provider.keyFileWarning {
            report.steps.append(.init(title: "Key file permissions", status: .warn, summary: warning))
        }
        let tokenStep = await tokenStep(provider)
        report.steps.append(tokenStep)
        guard tokenStep.status == .pass else { return report }
        await callStep(provider, into: &report)
        return report
    }

    private func tokenStep(_ provider: TokenProvider) async -> CredentialReport.Step {
        let token: String
        do {
            token = try await provider.token()
        } catch {
            return .init(title: "Developer token", status: .fail, summary: error.description)
        }
        guard await provider.verifiesWithOwnKey(token) else {
            return .init(
                title: "Developer token", status: .fail,
                summary: "the minted token does not verify with the key's own public half (OpenSSL problem?)")
        }
        let id = provider.credentials.tokenID
        let minutes = Int(provider.lifetime / 60)
        return .init(
            title: "Developer token", status: .pass,
            summary: "ES256 token for \(id) minted (valid \(minutes) min) and verified with the key's public half")
    }

    private func callStep(_ provider: TokenProvider, into report: inout CredentialReport) async {
        let client = WeatherKitClient(
            endpoint: endpoint, transport: transport, tokens: provider, timeout: timeout, now: now)
        let url = client.availabilityURL(latitude: probe.latitude, longitude: probe.longitude, country: probe.country)
        let (response, outcome) = await client.perform(url)
        // A refused connection never reached the service: it is not charged to the quota.
        if case .failure(let error) = outcome, !error.mayHaveReachedService {
            report.callMade = false
        } else {
            report.callMade = true
        }
        report.callStatus = response?.status
        let skew = response.flatMap(clockSkew)
        let title = "WeatherKit call"
        switch outcome {
        case .success(let response):
            do {
                let sets = try WeatherKitClient.decodeAvailability(response)
                report.availableDataSets = sets
                report.steps.append(
                    .init(
                        title: title, status: .pass,
                        summary: "\(url.path) answered 200; data sets here: \(sets.joined(separator: ", "))"))
            } catch {
                report.steps.append(.init(title: title, status: .fail, summary: error.description))
            }
        case .failure(let error):
            report.steps.append(failureStep(error, title: title, skew: skew))
        }
        if let skew { report.steps.append(clockStep(skew)) }
    }

    private func failureStep(_ error: WeatherKitError, title: String, skew: TimeInterval?) -> CredentialReport.Step {
        var details: [String] = []
        let summary: String
        if let failure = AuthFailure(error) {
            switch failure {
            case .notEnabled: summary = "WeatherKit answered 401 NOT_ENABLED: it does not accept this token"
            case .overQuota: summary = "WeatherKit answered OVER_QUOTA"
            case .unauthorized(let reason) where reason.contains("empty body"):
                summary = "WeatherKit answered \(reason): the token was refused without a reason"
            case .unauthorized(let reason): summary = "WeatherKit refused the token: \(reason)"
            case .unreachable(let reason): summary = "could not get an answer from \(endpoint): \(reason)"
            }
            details = failure.advice
            if let skew, abs(skew) > Self.maximumClockSkew {
                details.append("This machine's clock is off by \(Int(abs(skew))) s; fix it first (see Clock below).")
            }
        } else if error.isRetryable {
            summary = "could not get an answer from \(endpoint): \(error.description)"
            details = [
                "Check the network, proxy and firewall, and the endpoint (--endpoint / WEATHERKIT_ENDPOINT).",
                "If the service is having a bad moment (5xx, empty 404), try again in a few minutes.",
            ]
        } else {
            summary = error.description
        }
        return .init(title: title, status: .fail, summary: summary, details: details)
    }

    /// Local clock minus the server's `Date` header, in seconds.
    private func clockSkew(_ response: HTTPResponse) -> TimeInterval? {
        guard let text = response.header("date"), let serverDate = HTTPDate.parse(text) else { return nil }
        return now().timeIntervalSince(serverDate)
    }

    private func clockStep(_ skew: TimeInterval) -> CredentialReport.Step {
        let seconds = Int(abs(skew).rounded())
        guard abs(skew) > Self.maximumClockSkew else {
            return .init(title: "Clock", status: .pass, summary: "within \(seconds) s of WeatherKit's clock")
        }
        let direction = skew > 0 ? "ahead of" : "behind"
        return .init(
            title: "Clock", status: .warn,
            summary: "this machine's clock is \(seconds) s \(direction) WeatherKit's (Date header)",
            details: [
                "Tokens are dated by the local clock: one that looks issued in the future is refused with 401, "
                    + "and one that looks expired too. Turn on time synchronisation (NTP, e.g. systemd-timesyncd)."
            ])
    }
}
