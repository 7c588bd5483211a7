internal import FleetFiles
internal import Foundation

/// How the value of `WEATHERKIT_KEY_FILE` may appear in messages.
///
/// Messages end up in logs, reports and tickets, so the value is never echoed whole: key text
/// put in the variable instead of a path (a common deployment mistake) is recognised and not
/// shown at all, and any other value is shown bounded, with control, line-break and bidi
/// characters as visible escapes.
enum KeyPath {
    /// The longest part of a path shown in a message.
    static let displayLimit = 160

    /// Whether a value is key text rather than a path: PEM armour, or a long run of base64
    /// (line breaks and spaces aside) that names no file: the body of a key pasted without
    /// its armour.
    static func looksLikeKeyText(_ value: String) -> Bool {
        if value.contains("-----BEGIN") || value.contains("-----END") || value.contains("PRIVATE KEY") { return true }
        // A run of 40 or more base64 characters is a piece of a key, however it is wrapped
        // (quotes of an env file, literal `\n`): no path fleetwx expects holds one.
        if Self.longestBase64Run(value) >= 40 { return true }
        let compact = value.unicodeScalars.filter { !$0.properties.isWhitespace }
        guard compact.count >= 64, let first = compact.first, !["/", ".", "~"].contains(first) else { return false }
        let isBase64 = compact.allSatisfy { scalar in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/", "=": true
            default: false
            }
        }
        return isBase64 && !FileManager.default.fileExists(atPath: value)
    }

    /// The length of the longest run of base64 characters (`/` excluded: paths are made of it)
    /// that mixes upper case, lower case and digits, as encoded key bytes do; a hex digest in a
    /// container's path (one case) or a long file name of letters does not count.
    static func longestBase64Run(_ value: String) -> Int {
        var longest = 0
        var run: (count: Int, upper: Bool, lower: Bool, digit: Bool) = (0, false, false, false)
        func close() {
            if run.upper && run.lower && run.digit { longest = max(longest, run.count) }
            run = (0, false, false, false)
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "A"..."Z": run.upper = true
            case "a"..."z": run.lower = true
            case "0"..."9": run.digit = true
            case "+", "=": break
            default:
                close()
                continue
            }
            run.count += 1
        }
        close()
        return longest
    }

    /// A path as messages show it: at most ``displayLimit`` characters then `…`, escaped as
    /// every message escapes outside text (FleetFiles' `needsVisibleEscape`).
    static func display(_ path: String) -> String {
        if looksLikeKeyText(path) { return "(key text, not shown)" }
        let shown = path.scalarPrefix(displayLimit)
        return (shown ?? path).escaping(where: \.needsVisibleEscape, with: \.visibleEscape) + (shown == nil ? "" : "…")
    }
}
