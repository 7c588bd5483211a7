extension String {
    /// The text without leading and trailing spaces and tabs (the characters of Foundation's
    /// `CharacterSet.whitespaces`: tab and the space separators).
    ///
    /// Why not `trimmingCharacters(in: .whitespaces)`: on Linux it goes through `NSString` and
    /// was a third of the time of reading a schedule (seven values a row; issue 9's benchmark of
    /// 5 million rows). Most values have nothing to trim and are returned as they are. Shared by
    /// the schedule's values and header and the airport directory's lookups and header.
    public var trimmedOfSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return self }
        guard Self.isSpace(first) || Self.isSpace(last) else { return self }
        guard let start = scalars.firstIndex(where: { !Self.isSpace($0) }),
            let end = scalars.lastIndex(where: { !Self.isSpace($0) })
        else { return "" }
        return String(scalars[start...end])
    }

    /// Tab or a space separator (Zs). Below U+0080 the only space separator is U+0020, so
    /// ASCII, nearly every scalar of a schedule, skips the Unicode property lookup.
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (scalar == " " || scalar == "\t") : scalar.properties.generalCategory == .spaceSeparator
    }
}
