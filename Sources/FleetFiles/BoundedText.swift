/// Outside text (a file name, an option's value, a configuration key, a server's reply) as a
/// message may quote it: whole when short, else its first ``String/boundedLimit`` characters and
/// its size, so a 50 MB value cannot make a 50 MB line on stderr or in `run.json`.
///
/// Counted in Unicode scalars, not characters: one "character" can be a base letter followed
/// by millions of combining marks, which a character count would pass whole. Escaping line
/// breaks and controls is the console's work (FleetApp's `ConsoleText`), done after this.
extension String {
    /// How many scalars of an outside value a message shows.
    public static let boundedLimit = 100

    /// The text whole if it has at most ``boundedLimit`` scalars, else its first
    /// ``boundedLimit`` scalars then `… (N bytes)` with the full UTF-8 size.
    public var bounded: String { bounded(limit: Self.boundedLimit) }

    /// The text whole if it has at most `limit` scalars, else its first `limit` scalars then
    /// `… (N bytes)` with the full UTF-8 size.
    public func bounded(limit: Int) -> String { bounded(limit: limit, wholeBytes: utf8.count) }

    /// The text bounded as ``bounded(limit:)``, for text decoded from only the start of a
    /// larger value of `wholeBytes` bytes (a server's body: decoding megabytes to show a few
    /// hundred scalars is waste): cut, with the whole value's size, whenever the value is longer.
    public func bounded(limit: Int, wholeBytes: Int) -> String {
        let limit = Swift.max(1, limit)
        let size = Swift.max(wholeBytes, utf8.count)
        // Fewer bytes than the limit means fewer scalars too: the common case costs nothing.
        guard utf8.count > limit || size > utf8.count else { return self }
        var shown = String.UnicodeScalarView()
        var count = 0
        for scalar in unicodeScalars {
            if count == limit { return String(shown) + "… (\(size) bytes)" }
            shown.append(scalar)
            count += 1
        }
        return size > utf8.count ? self + "… (\(size) bytes)" : self
    }
}

extension Substring {
    /// The text bounded as ``Swift/String/bounded``.
    public var bounded: String { String(self).bounded }
}
