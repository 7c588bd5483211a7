internal import FleetStore
internal import Foundation

/// Where the state lives: a SQLite file, or a PostgreSQL database named by a libpq URI
/// (README "Several hosts, one PostgreSQL database").
enum StateLocation: Sendable, Equatable {
    /// A SQLite file (created when missing).
    case file(URL)
    /// A PostgreSQL connection URI, as given (password and all): parsed when opened, so a
    /// malformed one is an exit-1 error of the command that needs the state, and never shown.
    case postgres(String)

    /// `--state`, else `FLEETWX_STATE`, else the XDG state directory. A value starting with
    /// `postgresql://` or `postgres://` is a PostgreSQL URI; anything else is a file path.
    static func resolve(_ option: String?, environment: AppEnvironment) -> StateLocation {
        if let option { return given(option, environment: environment) }
        if let name = OptionSpec.state.variable, let variable = environment.variables[name], !variable.isEmpty {
            return given(variable, environment: environment)
        }
        if let xdg = environment.variables["XDG_STATE_HOME"], !xdg.isEmpty {
            return .file(environment.resolve(xdg).appendingPathComponent("fleetwx/state.sqlite"))
        }
        let home = environment.variables["HOME"] ?? NSHomeDirectory()
        return .file(URL(fileURLWithPath: home).appendingPathComponent(".local/state/fleetwx/state.sqlite"))
    }

    private static func given(_ text: String, environment: AppEnvironment) -> StateLocation {
        PostgresTarget.isURI(text) ? .postgres(text) : .file(environment.resolve(text))
    }

    /// Where the state is, for messages and reports: the file's path, or the URI without its
    /// password (or a placeholder when the URI cannot even be parsed).
    var display: String {
        switch self {
        case .file(let url):
            return url.path
        case .postgres(let uri):
            do throws(StoreError) {
                return try PostgresTarget(uri: uri).display
            } catch {
                return "the PostgreSQL database of --state"
            }
        }
    }

    /// The file, for SQLite state.
    var file: URL? {
        guard case .file(let url) = self else { return nil }
        return url
    }
}
