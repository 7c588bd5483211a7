public import Foundation
internal import Synchronization

/// A wall clock that moves only when a test says so, for token reuse and expiry tests.
public final class ManualClock: Sendable {
    private let current: Mutex<Date>

    /// Creates a clock reading `start`.
    ///
    /// - Parameter start: The initial time.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        current = Mutex(start)
    }

    /// The current reading.
    public func now() -> Date { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative interval).
    ///
    /// - Parameter seconds: The interval.
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// A `now` closure for injection.
    public var closure: @Sendable () -> Date { { self.now() } }
}
