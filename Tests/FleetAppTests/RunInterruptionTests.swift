import Synchronization
import Testing

@testable import FleetApp

/// What a run does with its signals: the first cancels the registered work and is the one
/// reported; a later one is told apart, so the trap can exit at once.
@Suite("Run interruption")
struct RunInterruptionTests {
    @Test("the first signal is recorded and cancels; a second is reported as not the first")
    func firstAndSecond() {
        let interruption = RunInterruption()
        let cancels = Mutex(0)
        interruption.onSignal { cancels.withLock { $0 += 1 } }
        #expect(interruption.received(15))
        #expect(interruption.signal == 15)
        #expect(!interruption.received(2), "a second signal must be told apart so the trap can exit at once")
        #expect(interruption.signal == 15, "the first signal is the one reported")
        #expect(cancels.withLock { $0 } == 2)
    }
}
