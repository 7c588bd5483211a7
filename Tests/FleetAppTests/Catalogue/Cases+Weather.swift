/// Bad-input catalogue: Weather cases.
extension BadInputCatalogue {
    static let weather: [BadInput] = []
}
