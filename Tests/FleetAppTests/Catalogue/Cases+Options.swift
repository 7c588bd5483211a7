/// Bad-input catalogue: Options cases.
extension BadInputCatalogue {
    static let options: [BadInput] = []
}
