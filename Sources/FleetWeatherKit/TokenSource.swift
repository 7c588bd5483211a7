public import FleetAuth

/// Supplies bearer tokens to the client.
///
/// ``TokenProvider`` is the live source; tests can pass a fixed string.
public protocol TokenSource: Sendable {
    /// A valid token (usually cached).
    func token() async throws -> String
    /// A newly minted token, replacing the cached one (after a 401).
    func renew() async throws -> String
}

extension TokenProvider: TokenSource {}
