/// Splits CSV text held in memory into rows of fields, for files as plain as the airportsdata
/// directory: fields unquoted, or quoted on one line with `""` for a quote.
///
/// Why beside FleetCSV's reader: that reader is a byte-at-a-time state machine built for
/// schedules of any size and any damage (bounded memory, raw text of each rejected row); the
/// 28,000 rows of the bundled directory took it most of the start-up of `fleetwx airports` and
/// `fleetwx plan`. Anything this splitter does not handle exactly as the reader would (a quote
/// inside an unquoted field, text after a closing quote, a quoted line break, invalid UTF-8, a
/// row past the reader's limit) makes it answer ``Step/notPlain``, and the caller reads the
/// text again with the reader, so messages and results stay the reader's (docs/performance.md).
struct QuickRows {
    /// What the next row was.
    enum Step: Equatable {
        /// A row; its fields are in the array passed in.
        case row
        /// The end of the text.
        case end
        /// The text needs the full reader.
        case notPlain
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private let limit: Int

    /// Starts at the beginning of `bytes`, after a UTF-8 byte order mark (as the reader does).
    ///
    /// - Parameters:
    ///   - bytes: The whole text; it must stay valid while rows are read.
    ///   - limit: The most bytes of one row: a longer one is left to the reader.
    init(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let lf = UInt8(ascii: "\n")
    private static let cr = UInt8(ascii: "\r")

    /// Reads the next row into `fields` (emptied first).
    mutating func next(into fields: inout [String]) -> Step {
        fields.removeAll(keepingCapacity: true)
        guard index < bytes.count else { return .end }
        let start = index
        while true {
            guard let field = nextField() else { return .notPlain }
            fields.append(field)
            guard index - start <= limit else { return .notPlain }
            guard index < bytes.count else { return .row }
            let byte = bytes[index]
            index += 1
            switch byte {
            case Self.comma:
                continue
            case Self.lf:
                return .row
            case Self.cr:
                if index < bytes.count, bytes[index] == Self.lf { index += 1 }
                return .row
            default:
                return .notPlain  // text after a closing quote
            }
        }
    }

    /// One field, `index` left on the byte after it (a comma, a line end or the end).
    private mutating func nextField() -> String? {
        guard index < bytes.count, bytes[index] == Self.quote else {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.lf || byte == Self.cr { break }
                if byte == Self.quote { return nil }
                index += 1
            }
            return Self.text(bytes[start..<index], unescaping: false)
        }
        index += 1
        let start = index
        var escaped = false
        while true {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            if byte == Self.lf || byte == Self.cr { return nil }
            if byte == Self.quote {
                if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                    escaped = true
                    index += 2
                    continue
                }
                break
            }
            index += 1
        }
        let end = index
        index += 1
        return Self.text(bytes[start..<end], unescaping: escaped)
    }

    /// The field's text, or `nil` when it is not valid UTF-8.
    private static func text(_ slice: Slice<UnsafeBufferPointer<UInt8>>, unescaping: Bool) -> String? {
        var field: String?
        if slice.allSatisfy({ $0 < 0x80 }) {
            field = String(decoding: UnsafeBufferPointer(rebasing: slice), as: UTF8.self)
        } else {
            field = String(validating: slice, as: UTF8.self)
        }
        guard unescaping, let text = field else { return field }
        return text.replacing("\"\"", with: "\"")
    }
}
