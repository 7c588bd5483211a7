import Testing

@testable import FleetFetch

/// The reservation queue on its own: claims of higher cells, the trial's pass, waking in order.
///
/// The time limits catch a waiter that waits for ever. They are wall-clock time shared with the
/// whole test run's two cooperative threads, which a loaded full run keeps busy for minutes
/// (one of these once ran out of a 1-minute limit there), hence 3 minutes.
@Suite("ReservationQueue")
struct ReservationQueueTests {
    @Test(
        "a lower cell waits while higher cells' claims use up what is left; it goes once they finish",
        .timeLimit(.minutes(3)))
    func lowerCellWaits() async {
        let queue = ReservationQueue(available: 5, attemptsPerRequest: 5)
        await queue.enroll(rank: 0, parts: 1)
        await queue.enroll(rank: 1, parts: 1)
        await queue.admit(rank: 0)  // 5 − 0 above: admitted; 4 left, and rank 0 may need 4 more
        let waiting = Task { await queue.admit(rank: 1) }
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await queue.available == 4, "rank 1 must not be admitted while rank 0 may need all 4")
        await queue.settle(rank: 0, partsLeft: 0)
        await waiting.value
        #expect(await queue.available == 3)
    }

    @Test(
        "the breaker's trial is admitted while anything is left, whatever the claims above it", .timeLimit(.minutes(3)))
    func trialIsNotHeld() async {
        let queue = ReservationQueue(available: 1, attemptsPerRequest: 5)
        for rank in 0..<3 { await queue.enroll(rank: rank, parts: 1) }
        await queue.admit(rank: 2, trial: true)
        #expect(await queue.available == 0)
    }

    @Test(
        "with nothing left, the top active cell is admitted at once so that the ledger refuses it",
        .timeLimit(.minutes(3)))
    func spentBudgetAdmitsTheTop() async {
        let queue = ReservationQueue(available: 0, attemptsPerRequest: 5)
        for rank in 0..<3 { await queue.enroll(rank: rank, parts: 2) }
        await queue.admit(rank: 0)
        await queue.refused(rank: 0)  // the claim stays whole: 10
        await queue.reset(available: 20)  // a new month
        await queue.admit(rank: 1)  // 20 − rank 0's claim of 10 leaves room
        #expect(await queue.available == 19)
    }

    @Test(
        "spent, a lower cell waits while a higher one is active: its unsent attempt may come back",
        .timeLimit(.minutes(3)))
    func spentBudgetKeepsOrder() async {
        let queue = ReservationQueue(available: 1, attemptsPerRequest: 5)
        await queue.enroll(rank: 0, parts: 1)
        await queue.enroll(rank: 1, parts: 1)
        await queue.admit(rank: 0)
        let lower = Task { await queue.admit(rank: 1) }
        try? await Task.sleep(for: .milliseconds(50))
        // Rank 0's attempt was not sent (a refused connection): it comes back, for rank 0.
        await queue.giveBack(rank: 0)
        await queue.admit(rank: 0)
        #expect(await queue.available == 0, "the lower cell must not have taken the unit rank 0 got back")
        await queue.finish(rank: 0)
        await lower.value  // now the top cell, it goes on to hear the ledger's refusal
        #expect(await queue.available == -1)
    }
}
