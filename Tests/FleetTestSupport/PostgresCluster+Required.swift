internal import Foundation
public import Testing

/// The one rule for whether PostgreSQL tests run, shared by every test target.
extension PostgresCluster {
    /// Whether PostgreSQL tests run here: where PostgreSQL is installed, and always when the tools
    /// are required (`FLEETWX_REQUIRE_TOOLS=1`, as in CI), so that a machine without PostgreSQL
    /// fails them with the reason (``required()``) instead of skipping them unnoticed.
    public static var testsEnabled: Bool {
        unavailableReason == nil || ProcessInfo.processInfo.environment["FLEETWX_REQUIRE_TOOLS"] == "1"
    }

    /// Why the tests are skipped here, for the skip's comment.
    public static var skipComment: Comment { Comment(rawValue: unavailableReason ?? "") }

    /// The shared cluster, or a failure naming why there is none: a test gets here only where
    /// PostgreSQL is available or required, and a required one that is missing must fail.
    public static func required() throws -> PostgresCluster {
        guard let cluster = try shared() else {
            throw PostgresClusterError(
                "PostgreSQL is required here (FLEETWX_REQUIRE_TOOLS=1) but: "
                    + (unavailableReason ?? "PostgreSQL is not available"))
        }
        return cluster
    }
}
