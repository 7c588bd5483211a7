extension String {
    /// The text without leading and trailing spaces and tabs (the characters of Foundation's
    /// `CharacterSet.whitespaces`: tab and the space separators).
    ///
    /// Why not `trimmingCharacters(in: .whitespaces)`: on Linux it goes through `NSString` and
    /// was a third of the time of reading a schedule (seven values a row; issue 9's benchmark of
    /// 5 million rows). Most values have nothing to trim and are returned as they are.
    var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        guard Self.isSpace(first) || Self.isSpace(last) else { return self }
        guard let start = scalars.firstIndex(where: { !Self.isSpace($0) }),
            let end = scalars.lastIndex(where: { !Self.isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
