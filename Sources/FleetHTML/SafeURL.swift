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

    /// The only `data:` URL a report writes: `data:image/png;base64,` followed by base64 text
    /// alone (the Apple Weather marks, embedded so a page fetches nothing).
    ///
    /// - Parameter url: A `src` value.
    /// - Returns: Whether it is a PNG data URI with nothing but base64 after the comma.
    public static func isPNGDataURI(_ url: String) -> Bool {
        let prefix = "data:image/png;base64,"
        guard url.hasPrefix(prefix) else { return false }
        let payload = url.utf8.dropFirst(prefix.utf8.count)
        guard !payload.isEmpty, payload.count % 4 == 0 else { return false }
        return payload.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2B || byte == 0x2F || byte == 0x3D
        }
    }
}
