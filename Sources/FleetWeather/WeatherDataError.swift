/// Why weather data could not be read: the module's one error type.
///
/// ``JSONParser`` throws ``syntax(offset:what:)`` and ``tooDeep(limit:)``; ``WeatherBody``
/// turns those into ``truncated(_:)`` and ``notABody(_:)``, which carry a whole sentence, so
/// that each reader (the live client, the cache, replay) words them its own way: live, a cut-off
/// body is worth another attempt; a recording is never fetched again.
public enum WeatherDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not JSON: cut off, or not JSON at all (`offset` is where it went wrong).
    case syntax(offset: Int, what: String)
    /// Valid-looking JSON nested deeper than any WeatherKit body.
    case tooDeep(limit: Int)
    /// A body whose bytes are not JSON (cut off or garbled), in words with its size.
    case truncated(String)
    /// JSON that is not a WeatherKit body (not an object, a data set that is not an object,
    /// absurd nesting), in words with its size.
    case notABody(String)

    /// The `what` of a document with no value at all (nothing but a leading byte-order mark
    /// and white space).
    static let noValue = "no JSON value"

    /// Whether the document held no value at all: a file's reader may call that empty rather
    /// than a syntax error.
    public var isNoValue: Bool {
        if case .syntax(_, let what) = self { return what == Self.noValue }
        return false
    }

    /// The reason in words.
    public var description: String {
        switch self {
        case .syntax(let offset, let what): "\(what) at byte \(offset)"
        case .tooDeep(let limit): "JSON nested deeper than \(limit) levels"
        case .truncated(let reason), .notABody(let reason): reason
        }
    }
}
