/// A parsed JSON document as plain values, for reading WeatherKit bodies field by field.
///
/// Why not `JSONDecoder`: a synthesized decoder rejects a whole body for one field of the
/// wrong type (`"uvIndex": 4.5`), and a live run then retried it as if it were cut off. With
/// the document parsed once into values, every field can be checked on its own and dropped
/// alone. Objects keep their members in order, as pairs: models read them in one pass.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    /// The kind of value, in words, for messages ("a string", "an array").
    public var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a short, single-line text for messages: numbers and literals as they
    /// read, strings quoted and cut at 40 characters with control characters replaced,
    /// containers by kind only.
    public var shortText: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value): return Self.numberText(value)
        case .string(let text):
            let clean = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.prefix(41).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 })
            )
            return "\"" + (clean.count > 40 ? String(clean.prefix(40)) + "…" : clean) + "\""
        case .array, .object: return kind
        }
    }

    /// A number as it would read in JSON: `4.5`, `1e+300`, whole numbers without `.0`.
    static func numberText(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return Fixed.whole(value) }
        return "\(value)"
    }
}
