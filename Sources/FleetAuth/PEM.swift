internal import Foundation

/// PEM armor for public DER blobs (RFC 7468): 64-character base64 lines between labels.
enum PEM {
    /// Wraps DER bytes in `-----BEGIN label-----` / `-----END label-----`.
    static func encode(_ der: [UInt8], label: String) -> String {
        let base64 = Data(der).base64EncodedString()
        var lines = ["-----BEGIN \(label)-----"]
        var start = base64.startIndex
        while start < base64.endIndex {
            let end = base64.index(start, offsetBy: 64, limitedBy: base64.endIndex) ?? base64.endIndex
            lines.append(String(base64[start..<end]))
            start = end
        }
        lines.append("-----END \(label)-----")
        return lines.joined(separator: "\n") + "\n"
    }
}
