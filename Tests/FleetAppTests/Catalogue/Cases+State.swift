/// Bad-input catalogue: State cases.
extension BadInputCatalogue {
    static let state: [BadInput] = []
}
