/// A Frictionless Table Schema (docs/analysts.md): the fields of a CSV file with their types,
/// so tools load typed data instead of text.
struct TableSchema: Encodable, Sendable {
    /// One column.
    struct Field: Encodable, Sendable {
        let name: String
        /// `string`, `integer`, `number`, `boolean` or `datetime`.
        let type: String
        /// A datetime's `strptime` pattern when it is not the default (UTC with `Z`).
        var format: String?
        /// What the column holds, its unit first.
        let description: String
        var constraints: Constraints?
    }

    /// What every value of a column must be; checked by `frictionless validate`.
    struct Constraints: Encodable, Sendable {
        var required: Bool?
        var minimum: Int?
        var maximum: Int?
        var `enum`: [String]?
    }

    let fields: [Field]
    /// The cells that mean "no value": only the empty cell (a `0` is always a value).
    let missingValues = [""]
    let primaryKey: [String]?
}

extension TableSchema.Field {
    /// A text column.
    static func text(_ name: String, _ description: String, required: Bool = false) -> Self {
        Self(
            name: name, type: "string", description: description,
            constraints: required ? .init(required: true) : nil)
    }

    /// A text column holding one of a closed list of values.
    static func oneOf(_ name: String, _ values: [String], _ description: String, required: Bool = false) -> Self {
        Self(
            name: name, type: "string", description: description,
            constraints: .init(required: required ? true : nil, enum: values))
    }

    /// A whole-number column, with its bounds when it has any.
    static func integer(
        _ name: String, _ description: String, minimum: Int? = nil, maximum: Int? = nil, required: Bool = false
    ) -> Self {
        let constraints =
            minimum == nil && maximum == nil && !required
            ? nil : TableSchema.Constraints(required: required ? true : nil, minimum: minimum, maximum: maximum)
        return Self(name: name, type: "integer", description: description, constraints: constraints)
    }

    /// A decimal column, with its bounds when it has any.
    static func number(_ name: String, _ description: String, minimum: Int? = nil, maximum: Int? = nil) -> Self {
        let constraints =
            minimum == nil && maximum == nil ? nil : TableSchema.Constraints(minimum: minimum, maximum: maximum)
        return Self(name: name, type: "number", description: description, constraints: constraints)
    }

    /// An instant in UTC, `2026-12-01T13:05:00Z` (Table Schema's default datetime format).
    static func utc(_ name: String, _ description: String, required: Bool = false) -> Self {
        Self(
            name: name, type: "datetime", description: description,
            constraints: required ? .init(required: true) : nil)
    }

    /// A local time with its offset, `2026-12-01T08:05:00-05:00`.
    static func local(_ name: String, _ description: String, required: Bool = false) -> Self {
        Self(
            name: name, type: "datetime", format: "%Y-%m-%dT%H:%M:%S%z", description: description,
            constraints: required ? .init(required: true) : nil)
    }

    /// `true` or `false`.
    static func flag(_ name: String, _ description: String) -> Self {
        Self(name: name, type: "boolean", description: description)
    }
}
