public import Foundation

/// One HTTP response, as plain values.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// Header fields with lower-cased names (HTTP names are case-insensitive).
    public var headers: [String: String]
    /// The body, as sent (compressed bodies are refused by the transport).
    public var body: Data

    /// Creates a response; header names are lower-cased.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields (any case).
    ///   - body: The body.
    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// A header's value, looked up case-insensitively.
    ///
    /// - Parameter name: The header name.
    /// - Returns: The value, if present.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
