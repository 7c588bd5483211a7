public import Foundation

/// A request about to be sent, asking the ledger for room in the quota.
public struct LedgerRequest: Sendable, Equatable {
    /// The run sending it.
    public var runID: String
    /// The cell it fetches.
    public var cell: String
    /// 1 for the first try, 2 for the first retry, and so on; every attempt counts.
    public var attempt: Int
    /// `--monthly-quota`: the most requests any runs may send in one UTC month.
    public var monthlyLimit: Int
    /// `--max-requests`: the most this run may send, or `nil` for no per-run limit.
    public var runLimit: Int?

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - runID: The run sending it.
    ///   - cell: The cell it fetches.
    ///   - attempt: 1-based attempt number.
    ///   - monthlyLimit: The monthly quota.
    ///   - runLimit: The per-run limit, or `nil`.
    public init(runID: String, cell: String, attempt: Int = 1, monthlyLimit: Int, runLimit: Int? = nil) {
        self.runID = runID
        self.cell = cell
        self.attempt = attempt
        self.monthlyLimit = monthlyLimit
        self.runLimit = runLimit
    }
}

/// A granted reservation: the ledger row recorded for a request that may now be sent.
public struct Reservation: Sendable, Equatable, Hashable {
    /// The ledger row id; pass the reservation to `complete` when the request ends.
    public var id: Int64
    /// The UTC month it counts against, "YYYY-MM".
    public var month: String
    /// Requests counted in that month, this one included.
    public var monthUsed: Int
    /// Requests counted for the run, this one included.
    public var runUsed: Int

    /// Creates a reservation.
    ///
    /// - Parameters:
    ///   - id: The ledger row id.
    ///   - month: The UTC month.
    ///   - monthUsed: The month's count including this request.
    ///   - runUsed: The run's count including this request.
    public init(id: Int64, month: String, monthUsed: Int, runUsed: Int) {
        self.id = id
        self.month = month
        self.monthUsed = monthUsed
        self.runUsed = runUsed
    }
}

/// How a reserved request ended.
public enum LedgerOutcome: String, Sendable, Equatable, CaseIterable {
    /// A response with a 2xx status.
    case succeeded
    /// Sent, but failed: an error status (`httpStatus`) or a transport error (no status).
    case failed
    /// Reserved but never sent (cancelled before sending, or the connection was refused); it no
    /// longer counts against the quota.
    case notSent = "not_sent"
    /// Left pending by a process that died before it could record the end: perhaps sent, so it
    /// still counts against the quota (settled by ``StateStore/settleAbandoned()``).
    case unknown
}

/// Which budget refused a reservation.
public enum QuotaLimit: Sendable, Equatable {
    /// `--monthly-quota`: the UTC month `month` has `used` of its `limit` calls counted.
    case month(month: String, limit: Int, used: Int)
    /// `--max-requests`: the run has `used` of its `limit` calls counted.
    case run(limit: Int, used: Int)
}

/// The answer to a reservation request.
public enum ReservationResult: Sendable, Equatable {
    /// Recorded: the request may be sent.
    case granted(Reservation)
    /// Refused: sending would exceed this budget.
    case refused(QuotaLimit)
}

/// One ledger row, for audits and `fleetwx quota`.
public struct LedgerRow: Sendable, Equatable {
    /// The row id (the reservation id).
    public var id: Int64
    /// UTC month, "YYYY-MM".
    public var month: String
    /// When the reservation was made (just before sending).
    public var sentAt: Date
    /// The run.
    public var runID: String
    /// The cell.
    public var cell: String
    /// 1-based attempt number.
    public var attempt: Int
    /// How it ended, or `nil` while pending (or if the process died before recording it).
    public var outcome: LedgerOutcome?
    /// The HTTP status, when one arrived.
    public var httpStatus: Int?
    /// When the outcome was recorded.
    public var completedAt: Date?

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - id: Row id.
    ///   - month: UTC month.
    ///   - sentAt: Reservation time.
    ///   - runID: The run.
    ///   - cell: The cell.
    ///   - attempt: Attempt number.
    ///   - outcome: Outcome or `nil` while pending.
    ///   - httpStatus: HTTP status.
    ///   - completedAt: When completed.
    public init(
        id: Int64, month: String, sentAt: Date, runID: String, cell: String, attempt: Int,
        outcome: LedgerOutcome?, httpStatus: Int?, completedAt: Date?
    ) {
        self.id = id
        self.month = month
        self.sentAt = sentAt
        self.runID = runID
        self.cell = cell
        self.attempt = attempt
        self.outcome = outcome
        self.httpStatus = httpStatus
        self.completedAt = completedAt
    }
}
