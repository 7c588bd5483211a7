/// Bad-input catalogue: Config cases.
extension BadInputCatalogue {
    static let config: [BadInput] = []
}
