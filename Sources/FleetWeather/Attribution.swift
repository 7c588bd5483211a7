internal import Foundation

/// Which `metadata.attributionURL` links fleetwx will print: every page, `run.json` and the CSV
/// carry one link for the whole run, so one body must not be able to choose it.
///
/// Only `https` links to `apple.com` or one of its subdomains are accepted (no user
/// information, no port other than 443, a plain ASCII host); anything else is dropped when
/// the body is read, and the documented default stands in.
public enum Attribution {
    /// The legal attribution page used when no body carried an acceptable link.
    public static let defaultURL = "https://developer.apple.com/weatherkit/data-source-attribution/"

    /// Whether a link may be shown as the attribution link.
    ///
    /// - Parameter text: The link as received.
    /// - Returns: `true` for an `https` link to `apple.com` or a subdomain.
    public static func accepts(_ text: String) -> Bool {
        // Spaces, controls, non-ASCII and backslashes (which browsers read as '/') are refused
        // outright, so the text shown is the text checked.
        guard text.utf8.count <= 2048, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }),
            let components = URLComponents(string: text), components.scheme?.lowercased() == "https",
            components.user == nil, components.password == nil, components.port == nil || components.port == 443,
            let host = components.percentEncodedHost?.lowercased(), !host.hasSuffix(".")
        else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let plain = labels.allSatisfy { label in
            !label.isEmpty && label.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") }
        }
        return plain && (host == "apple.com" || host.hasSuffix(".apple.com"))
    }

    /// The one link for a run: the acceptable link most cells carry (the alphabetically first
    /// of equally common ones), else ``defaultURL``.
    ///
    /// - Parameter links: Each cell's link.
    /// - Returns: The link to print.
    public static func link(among links: [String]) -> String {
        var counts: [String: Int] = [:]
        for link in links where accepts(link) { counts[link, default: 0] += 1 }
        let best = counts.max { lhs, rhs in lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key > rhs.key }
        return best?.key ?? defaultURL
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
