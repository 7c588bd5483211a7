/// A wire enumeration that tolerates values Apple adds later.
///
/// Decoding never fails on an unrecognised token: it becomes ``unknown(_:)`` holding the
/// token, so a new `conditionCode` is reported rather than crashing a nightly run.
public protocol OpenEnum: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The known cases, each with its exact wire token.
    static var known: [String: Self] { get }
    /// The wire token.
    var token: String { get }
    /// A value for a token no known case matches.
    static func unknown(_ token: String) -> Self
}

extension OpenEnum {
    /// Maps a token to its case, or to `unknown(token)`.
    ///
    /// - Parameter token: The wire token.
    public init(token: String) {
        self = Self.known[token] ?? Self.unknown(token)
    }

    public init(from decoder: any Decoder) throws {
        let token = try decoder.singleValueContainer().decode(String.self)
        self.init(token: token)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(token)
    }

    public var description: String { token }

    /// True when the token was not recognised.
    public var isUnknown: Bool { Self.known[token] == nil }
}
