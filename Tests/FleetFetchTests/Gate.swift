import Synchronization

/// Holds a fake responder's requests until the test lets them go, or until enough have arrived.
///
/// A responder that waits by polling (`while !flag { try await Task.sleep(for: .milliseconds(2)) }`)
/// puts a job on Swift's cooperative pool every 2 ms for as long as it waits. That pool has one
/// thread per core (two here), and the whole test run shares it, with other suites blocking
/// its threads at times (waiting for child processes): in a loaded full run, a 2 ms poll came
/// round 3 times in the 25 s the engine took to send its first request, and a poller with a
/// 120 s deadline once ran out of it. A gate's waiters are parked continuations that cost
/// nothing until the gate opens.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var arrivals = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Arrivals that open the gate by themselves (`nil`: only ``open()`` does).
    private let opensAt: Int?

    /// Creates a closed gate.
    ///
    /// - Parameter opensAt: The number of ``arrive()`` calls that opens it, if any.
    init(opensAt: Int? = nil) {
        self.opensAt = opensAt
    }

    /// Whether the gate is open.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Counts one arrival (opening the gate if it is the awaited one) and waits until it is open.
    func arrive() async {
        let opened = state.withLock { state -> Bool in
            state.arrivals += 1
            return opensAt.map { state.arrivals >= $0 } ?? false
        }
        if opened { open() }
        await wait()
    }

    /// Waits until the gate is open.
    func wait() async {
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Opens the gate after `limit` unless it is open by then, so that a test whose awaited
    /// arrivals never come fails on its expectations instead of hanging. Cancel the task
    /// returned once the test is done with the gate.
    ///
    /// - Parameter limit: How long to wait (wall-clock time: generous, since under load the
    ///   whole test run shares two threads).
    /// - Returns: The watchdog task.
    func opens(after limit: Duration) -> Task<Void, Never> {
        Task { [self] in
            guard (try? await Task.sleep(for: limit)) != nil else { return }
            open()
        }
    }

    /// Opens the gate for good and lets every waiter go. Safe to call more than once.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
