internal import Foundation

/// Base64url without padding (RFC 7515 §2), the encoding of every JWS segment.
public enum Base64URL {
    /// Encodes bytes as base64url with no `=` padding.
    ///
    /// - Parameter bytes: The bytes.
    /// - Returns: Text over `A–Z a–z 0–9 - _`.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// Encodes a string's UTF-8 bytes.
    ///
    /// - Parameter text: The text.
    /// - Returns: The base64url text.
    public static func encode(_ text: String) -> String { encode(Array(text.utf8)) }

    /// Decodes base64url text, with or without padding.
    ///
    /// Standard base64 characters (`+`, `/`) are rejected, so the two alphabets never mix
    /// silently.
    ///
    /// - Parameter text: The base64url text.
    /// - Returns: The bytes, or `nil` when the text is not base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        guard !text.contains("+"), !text.contains("/") else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if !standard.hasSuffix("=") {
            switch standard.utf8.count % 4 {
            case 0: break
            case 2: standard += "=="
            case 3: standard += "="
            default: return nil
            }
        }
        guard let data = Data(base64Encoded: standard) else { return nil }
        return Array(data)
    }
}
