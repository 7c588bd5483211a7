extension Result {
    /// The value, or `nil` with the failure added to `problems`: both schedule readers check
    /// a row's independent fields one after another and report every problem together.
    func collect(into problems: inout [Failure]) -> Success? {
        switch self {
        case .success(let value):
            return value
        case .failure(let problem):
            problems.append(problem)
            return nil
        }
    }
}
