/// Where a run's weather came from: `source` in `run.json` (docs/contract.md §8.4) and what the
/// next run matches on to find a previous run of the same kind.
///
/// The raw values are the file's wire values, so a summary written by an older build reads back.
public enum RunSource: String, Sendable, Codable, CaseIterable {
    /// Fetched from Apple WeatherKit (with the cache): calls were spent.
    case weatherkit
    /// Served from a recording (`--replay`): no call was spent.
    case replay
}
