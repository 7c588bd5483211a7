public import FleetBriefing

/// `risk` in `run.json`: how many flights were briefed at each ``Risk``.
///
/// Keyed by the typed risk in the program and written as an object keyed by the risk's raw
/// value (`{"amber": 1, "green": 3, …}`), as before; a key no ``Risk`` has fails decoding
/// rather than being dropped.
public struct RiskCounts: Sendable, Codable, Equatable, ExpressibleByDictionaryLiteral {
    /// The counts given; a risk not in it counts 0.
    public private(set) var counts: [Risk: Int]

    /// Creates counts from pairs (a risk given twice keeps the last count).
    public init(dictionaryLiteral elements: (Risk, Int)...) {
        counts = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Counts every risk of `risks`, writing 0 for a risk none has, so the file always lists
    /// all four.
    ///
    /// - Parameter risks: One risk per briefed flight.
    public init(counting risks: some Sequence<Risk>) {
        var counts = Dictionary(uniqueKeysWithValues: Risk.allCases.map { ($0, 0) })
        for risk in risks { counts[risk, default: 0] += 1 }
        self.counts = counts
    }

    /// The count of `risk` (0 when none was counted).
    public subscript(risk: Risk) -> Int { counts[risk] ?? 0 }

    /// Reads the object, refusing a key that is not a risk.
    public init(from decoder: any Decoder) throws {
        let wire = try decoder.singleValueContainer().decode([String: Int].self)
        var counts: [Risk: Int] = [:]
        for (key, count) in wire {
            guard let risk = Risk(rawValue: key) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "'\(key)' is not a risk"))
            }
            counts[risk] = count
        }
        self.counts = counts
    }

    /// Writes the object keyed by the risks' raw values (only the risks given).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }))
    }
}
