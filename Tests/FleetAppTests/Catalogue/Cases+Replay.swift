/// Bad-input catalogue: Replay cases.
extension BadInputCatalogue {
    static let replayFolders: [BadInput] = []
}
