/// Why weather data could not be read: the module's one error type.
///
/// ``JSONParser`` throws ``syntax(offset:what:)`` and ``tooDeep(limit:)``; ``WeatherBody``
/// passes those on and adds ``notABody(_:)`` for JSON of another shape. Each reader words them
/// its own way (``reason(bodySize:)`` gives the words with the body's size): live, a cut-off
/// body is worth another attempt; a recording is never fetched again.
public enum WeatherDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not JSON: cut off, or not JSON at all (`offset` is where it went wrong).
    case syntax(offset: Int, what: String)
    /// Valid-looking JSON nested deeper than any WeatherKit body.
    case tooDeep(limit: Int)
    /// JSON that is not a WeatherKit body (not an object, a data set that is not an object),
    /// in words with its size.
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

    /// Whether the bytes may be a body cut off on the way (not JSON), rather than JSON of the
    /// wrong shape: only then can another attempt bring something different.
    public var mayBeCutOff: Bool {
        if case .syntax = self { return true }
        return false
    }

    /// Why a body of `bodySize` bytes was refused, in words.
    public func reason(bodySize: Int) -> String {
        switch self {
        case .syntax(let offset, let what):
            "truncated or invalid JSON body (\(bodySize) bytes; \(what) at byte \(offset))"
        case .tooDeep(let limit): "JSON nested deeper than \(limit) levels (\(bodySize) bytes)"
        case .notABody(let reason): reason
        }
    }

    /// The reason in words, without a size.
    public var description: String {
        switch self {
        case .syntax(let offset, let what): "\(what) at byte \(offset)"
        case .tooDeep(let limit): "JSON nested deeper than \(limit) levels"
        case .notABody(let reason): reason
        }
    }
}
