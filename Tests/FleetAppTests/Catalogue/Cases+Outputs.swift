/// Bad-input catalogue: Outputs cases.
extension BadInputCatalogue {
    static let outputs: [BadInput] = []
}
