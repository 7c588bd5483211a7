/// Hands out the run's quota reservations in priority order, whatever kind of attempt asks.
///
/// When the budget (the month's, or `--max-requests`) is short, the cells that get weather must
/// be the first ones of the plan's priority order. Granting first attempts in order is not
/// enough: a top cell's retry, or its second window part, would then find the budget spent on
/// the first attempts of cells below it. So each active cell holds a claim on the most it may
/// still need (``worstCase(parts:)`` per request left), and a cell is granted a reservation only
/// when what remains after every higher-ranked cell's claim still leaves room for it. With a
/// roomy budget nothing ever waits; with a short one, lower cells wait until higher ones are
/// done, and the cells left without weather are the last ones.
///
/// The count is this run's own view: other processes sharing the ledger spend from the same
/// month, which only the ledger itself sees, and its word wins (a refusal ends the budget here).
actor ReservationQueue {
    /// Most attempts one request may take: the retry policy's attempts plus one renewal retry
    /// after a refused token.
    let attemptsPerRequest: Int
    /// Reservations the budgets allow, as this run last knew them.
    private(set) var available: Int
    /// Active cells' claims by rank: the most attempts each may still take.
    private var claims: [Int: Int] = [:]
    private var waiters: [(rank: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a queue.
    ///
    /// - Parameters:
    ///   - available: How many reservations the budgets allow at the start.
    ///   - attemptsPerRequest: Most attempts one request may take.
    init(available: Int, attemptsPerRequest: Int) {
        self.available = available
        self.attemptsPerRequest = max(1, attemptsPerRequest)
    }

    /// The claim of a cell with `parts` requests still to send.
    func worstCase(parts: Int) -> Int { parts * attemptsPerRequest }

    /// Registers a cell before its task starts, so no lower cell can take what it may need.
    ///
    /// - Parameters:
    ///   - rank: Its place in the priority order (0 first).
    ///   - parts: Its requests.
    func enroll(rank: Int, parts: Int) {
        claims[rank] = worstCase(parts: parts)
    }

    /// Lowers a cell's claim once a request of it is done (with attempts to spare).
    ///
    /// - Parameters:
    ///   - rank: The cell.
    ///   - partsLeft: Its requests not yet started.
    func settle(rank: Int, partsLeft: Int) {
        guard claims[rank] != nil else { return }
        claims[rank] = min(claims[rank] ?? 0, worstCase(parts: partsLeft))
        wake()
    }

    /// Drops a finished cell's claim.
    ///
    /// - Parameter rank: The cell.
    func finish(rank: Int) {
        claims[rank] = nil
        wake()
    }

    /// Waits until `rank` may take one reservation, then counts it as taken.
    ///
    /// The top active cell is admitted at once when the budget is known to be spent, so that
    /// the ledger itself refuses it and says which limit did. The circuit breaker's trial is admitted
    /// whenever anything is left: the cells above it may be waiting for its verdict, so making it
    /// wait for them would wait for ever. (The run's first trial is the top cell anyway.)
    ///
    /// - Parameters:
    ///   - rank: The cell asking.
    ///   - trial: Whether the request is the breaker's trial.
    func admit(rank: Int, trial: Bool = false) async {
        while !trial && !mayAdmit(rank) {
            await withCheckedContinuation { waiters.append((rank, $0)) }
        }
        available -= 1
        if let claim = claims[rank] { claims[rank] = max(0, claim - 1) }
    }

    /// Gives back an admission the ledger did not record, or a reservation not sent; the cell's
    /// claim grows back by the same one, since the attempt will be asked for again.
    ///
    /// - Parameter rank: The cell.
    func giveBack(rank: Int) {
        available += 1
        if let claim = claims[rank] { claims[rank] = claim + 1 }
        wake()
    }

    /// Records that the ledger refused: nothing more is available until ``reset(available:)``.
    func exhausted() {
        available = 0
        wake()
    }

    /// Starts over with a new budget (a new UTC month has begun).
    ///
    /// - Parameter available: What the budgets allow now.
    func reset(available: Int) {
        self.available = available
        wake()
    }

    private func mayAdmit(_ rank: Int) -> Bool {
        var claimedAbove = 0
        for (other, claim) in claims where other < rank { claimedAbove += claim }
        // Spent (as far as this run knows): only the top active cell goes on to hear the
        // ledger's refusal; a lower one waits, since a higher cell's reservation may yet come
        // back unsent and be its to use.
        if available <= 0 { return claimedAbove == 0 }
        return available - claimedAbove >= 1
    }

    /// Records the ledger's refusal of an admission: nothing is available until
    /// ``reset(available:)``, and the cell keeps its claim for when it asks again.
    ///
    /// - Parameter rank: The cell refused.
    func refused(rank: Int) {
        if let claim = claims[rank] { claims[rank] = claim + 1 }
        exhausted()
    }

    /// Resumes the waiters that may go now, in rank order; the others wait on.
    private func wake() {
        guard !waiters.isEmpty else { return }
        let ready = waiters.filter { mayAdmit($0.rank) }
        guard !ready.isEmpty else { return }
        waiters.removeAll { waiter in ready.contains { $0.rank == waiter.rank } }
        for waiter in ready.sorted(by: { $0.rank < $1.rank }) { waiter.continuation.resume() }
    }
}
