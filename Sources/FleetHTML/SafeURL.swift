/// Decides which URLs may become links in a report.
public enum SafeURL {
    /// True for absolute `http`/`https` URLs without spaces or control characters.
    ///
    /// - Parameter url: A URL from data.
    /// - Returns: Whether it may be an `href`.
    public static func isWebLink(_ url: String) -> Bool {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return false }
        return !url.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
    }
}
