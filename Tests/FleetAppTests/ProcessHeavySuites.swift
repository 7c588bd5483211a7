import Testing

/// The suites whose tests start several fleetwx processes, fake servers and database sessions
/// at once (PostgreSQL shared by several "hosts"), or time how fast a run answers a signal
/// (crash safety): run one test at a time across all of them, never side by side. On the
/// two-core CI machine, a run's reports could not be finished within the 1.5 s a signal allows
/// while three PostgreSQL runs went on beside it (CI rehearsal of issue 16).
@Suite(.serialized)
enum ProcessHeavySuites {}
