/// Outside text (a file name, an option's value, a configuration key, a server's reply) as a
/// message may quote it: whole when short, else its first ``String/boundedLimit`` characters and
/// its size, so a 50 MB value cannot make a 50 MB line on stderr or in `run.json`.
///
/// Counted in Unicode scalars, not characters: one "character" can be a base letter followed
/// by millions of combining marks, which a character count would pass whole. Escaping line
/// breaks and controls is the console's work (FleetApp's `ConsoleText`), done after this.
/// FleetSchedule's `EchoText` makes its quoted form from the same cut (``scalarPrefix(_:)``,
/// ``String/cutSize(bytes:)``).
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
        let size = Swift.max(wholeBytes, utf8.count)
        if let shown = scalarPrefix(limit) { return shown + "… " + Self.cutSize(bytes: size) }
        return size > utf8.count ? self + "… " + Self.cutSize(bytes: size) : self
    }

    /// The first `limit` scalars (at least one) when the text has more, else `nil` (the text is
    /// short enough to show whole). Reads no further than the scalar after the limit.
    ///
    /// - Parameter limit: The most scalars to keep.
    /// - Returns: The cut text, or `nil` when nothing would be cut.
    public func scalarPrefix(_ limit: Int) -> String? {
        let limit = Swift.max(1, limit)
        // Fewer bytes than the limit means fewer scalars too: the common case costs nothing.
        guard utf8.count > limit else { return nil }
        var shown = String.UnicodeScalarView()
        var count = 0
        for scalar in unicodeScalars {
            if count == limit { return String(shown) }
            shown.append(scalar)
            count += 1
        }
        return nil
    }

    /// How a cut value's whole size is written after it: `(52,428,800 bytes)`.
    ///
    /// - Parameter bytes: The whole value's UTF-8 size.
    /// - Returns: The size in parentheses.
    public static func cutSize(bytes: Int) -> String { "(\(NumberText.grouped(bytes)) bytes)" }
}

extension Substring {
    /// The text bounded as ``Swift/String/bounded``.
    public var bounded: String { String(self).bounded }
}
