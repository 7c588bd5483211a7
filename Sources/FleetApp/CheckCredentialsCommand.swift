internal import FleetWeatherKit
internal import Foundation

/// `fleetwx check-credentials`: mint a token, make one availability call, explain failures.
struct CheckCredentialsCommand {
    let endpoint: String
    let environment: AppEnvironment

    init(_ parsed: ParsedArguments, environment: AppEnvironment) throws(AppError) {
        guard parsed.positionals.isEmpty else { throw .usage("'check-credentials' takes no arguments") }
        endpoint =
            parsed.options["endpoint"] ?? environment.variables["WEATHERKIT_ENDPOINT"] ?? "https://weatherkit.apple.com"
        self.environment = environment
    }

    func execute() async throws(AppError) -> Int32 {
        let checked: WeatherKitEndpoint
        do {
            checked = try WeatherKitEndpoint(string: endpoint)
        } catch {
            throw .fatal(error.description)
        }
        let check = CredentialCheck(
            endpoint: checked, transport: URLSessionTransport(maximumConcurrentRequests: 1), now: environment.now)
        let report = await check.run(environment: environment.variables)
        environment.console.out(report.description + "\n")
        return report.passed ? 0 : 1
    }
}
