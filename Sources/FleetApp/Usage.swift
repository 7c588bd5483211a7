/// The help text (`fleetwx --help`).
enum Usage {
    static let text: ConsoleText = """
        fleetwx — nightly flight-schedule weather briefings from Apple WeatherKit

        USAGE
          fleetwx run SCHEDULE.csv [options]    plan, fetch, brief, write reports
          fleetwx plan SCHEDULE.csv [options]   dry run: what would be fetched; sends nothing
          fleetwx quota [--state FILE] [--json] this month's usage, remaining, pacing
          fleetwx cache [--state FILE] [--prune] [--json]
                                                show (or prune expired) cached weather
          fleetwx airports CODE...              resolve IATA/ICAO codes the way run does
          fleetwx check-credentials [--state FILE]
                                                mint a token, make one availability call
                                                (recorded in the quota ledger)

        OPTIONS (run, plan)
          --out DIR             report directory (default Output/<UTC date>)
          --state FILE          SQLite state: cache, quota ledger, run history
                                (FLEETWX_STATE; default $XDG_STATE_HOME/fleetwx/state.sqlite,
                                else ~/.local/state/fleetwx/state.sqlite)
          --replay DIR          use recorded WeatherKit bodies instead of the network
          --record DIR          also save every body fetched, in the replay format
          --endpoint URL        WeatherKit base URL (WEATHERKIT_ENDPOINT;
                                default https://weatherkit.apple.com)
          --concurrency N       most requests in flight at once (default 8)
          --monthly-quota N     calls allowed per UTC calendar month (default 500000)
          --max-requests N      most calls this run may send, retries included
          --grid DEG            location cell size in degrees, 0.001 to 1 (default 0.01)
          --language TAG        WeatherKit language tag (default en-US)
          --config FILE         briefing thresholds (JSON) over the defaults
          --templates DIR       report templates (FLEETWX_TEMPLATES; default ./Templates)
          --now TIME            pretend the run happens at TIME (ISO 8601), for replays
          --allow-past          brief rows departing more than 7 days before the run
                                (live runs reject them)
          --allow-over-pace     send a live run needing more than 3 × the month's
                                remaining daily pace (otherwise refused, exit 1)
          --json                (plan, quota, cache) print JSON instead of a table

        CREDENTIALS (environment)
          WEATHERKIT_TEAM_ID, WEATHERKIT_SERVICE_ID, WEATHERKIT_KEY_ID,
          WEATHERKIT_KEY_FILE (path to AuthKey_XXXXXXXXXX.p8)

        EXIT CODES
          0  every row briefed with fresh weather
          2  reports written, something needs attention (rejected rows, missing or
             stale weather, quota stop, interrupted)
          1  nothing usable written (bad configuration, unreadable schedule,
             missing column, a live run over the pace limit, authorization
             failure before any data)
          64 usage error

        """
}
