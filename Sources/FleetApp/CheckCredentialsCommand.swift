internal import FleetReports
internal import FleetStore
internal import FleetWeatherKit
internal import Foundation

/// `fleetwx check-credentials`: mint a token, make one availability call, explain failures.
///
/// The one call is recorded in the quota ledger like any other request (WeatherKit counts
/// every HTTP request), and refused when the month's quota is used up.
struct CheckCredentialsCommand {
    let endpoint: String
    let state: StateLocation
    let monthlyQuota: Int
    let environment: AppEnvironment

    init(_ parsed: ParsedArguments, environment: AppEnvironment) throws(AppError) {
        guard parsed.positionals.isEmpty else { throw .usage("'check-credentials' takes no arguments") }
        endpoint = try EndpointOption.resolve(parsed, environment: environment)
        state = StateLocation.resolve(parsed.value(.state), environment: environment)
        monthlyQuota = try parsed.integer(.monthlyQuota) ?? OptionDefaults.monthlyQuota
        self.environment = environment
    }

    func execute() async throws(AppError) -> Int32 {
        let checked: WeatherKitEndpoint
        do {
            checked = try WeatherKitEndpoint(string: endpoint)
        } catch {
            throw .fatal(error.description)
        }
        let store = try StateAccess.open(state, environment: environment)
        await StateAccess.settleAbandoned(store, console: environment.console)
        let ledger = LedgerRequest(
            runID: "check-credentials-\(Timestamp.utc(environment.now()))", cell: "availability",
            monthlyLimit: monthlyQuota)
        let reservation: Reservation?
        do {
            reservation = try await store.reserve(ledger)
        } catch {
            throw .fatal(StateAccess.message(error, location: state))
        }
        guard let reservation else {
            throw .fatal(
                "this month's WeatherKit quota (\(monthlyQuota) calls) is used up; check-credentials makes one call")
        }
        let check = CredentialCheck(
            endpoint: checked, transport: URLSessionTransport(maximumConcurrentRequests: 1), now: environment.now)
        let report = await check.run(environment: environment.variables)
        let outcome: LedgerOutcome =
            !report.callMade ? .notSent : report.availableDataSets != nil ? .succeeded : .failed
        await StateAccess.complete(
            reservation, outcome: outcome, httpStatus: report.callStatus, store: store, console: environment.console)
        environment.console.out(.lines(report.lines))
        return report.passed ? 0 : 1
    }
}
