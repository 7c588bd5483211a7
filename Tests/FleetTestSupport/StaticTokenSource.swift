public import FleetWeatherKit

/// A ``TokenSource`` that hands out a fixed string, for tests that do not check signatures.
public struct StaticTokenSource: TokenSource {
    /// The token returned by both methods.
    public let value: String

    /// Creates the source.
    ///
    /// - Parameter value: The token text.
    public init(_ value: String = "header.claims.signature-for-tests") { self.value = value }

    public func token() async throws -> String { value }

    public func renew() async throws -> String { value }
}
