/// A flight's (or one end's) risk for dispatchers.
///
/// `unknown` means weather is missing: it is never shown as good weather, and it sorts
/// above `green` so a flight nobody could brief is not buried at the bottom of the list.
public enum Risk: String, Sendable, Codable, CaseIterable, Comparable {
    case red
    case amber
    case unknown
    case green

    /// 0 for the worst (`red`) … 3 for `green`.
    public var rank: Int {
        switch self {
        case .red: 0
        case .amber: 1
        case .unknown: 2
        case .green: 3
        }
    }

    /// Orders worst first.
    public static func < (lhs: Risk, rhs: Risk) -> Bool { lhs.rank < rhs.rank }

    /// The worse of two risks.
    ///
    /// - Parameter other: Another risk.
    /// - Returns: The one that sorts first.
    public func worse(_ other: Risk) -> Risk { min(self, other) }
}
