internal import Foundation

/// `datapackage.json` and `flights.schema.json` beside the CSVs: a Frictionless Data Package
/// (docs/analysts.md) naming each CSV with its Table Schema, so `frictionless validate` checks
/// the files and tools load typed data. The route CSVs share the schema file of `flights.csv`
/// (one copy, however many routes).
///
/// Nothing in it depends on the run's clock or identity: a replay writes the same bytes.
struct DataPackage: Encodable, Sendable {
    /// How the CSVs are written (RFC 4180 as `CSVWriter` writes it).
    struct Dialect: Encodable, Sendable {
        let delimiter = ","
        let lineTerminator = "\r\n"
        let quoteChar = "\""
        let doubleQuote = true
        let header = true
    }

    /// A data source and where its terms are.
    struct Source: Encodable, Sendable {
        let title: String
        let path: String
    }

    /// One CSV file.
    struct Resource: Encodable, Sendable {
        let name: String
        let path: String
        let title: String
        let profile = "tabular-data-resource"
        let format = "csv"
        let mediatype = "text/csv"
        let encoding = "utf-8"
        let dialect = Dialect()
        /// The schema, inline (`rejects.csv`'s) or the path of a schema file.
        let schema: Schema
    }

    /// A resource's schema: inline or in a file beside the package.
    enum Schema: Encodable, Sendable {
        case inline(TableSchema)
        case file(String)

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .inline(let schema): try container.encode(schema)
            case .file(let path): try container.encode(path)
            }
        }
    }

    let profile = "tabular-data-package"
    let name = "fleetwx-report"
    let title = "fleetwx flight weather briefing"
    let description: String
    let sources: [Source]
    let resources: [Resource]

    /// The schema file's name, beside `datapackage.json`.
    static let schemaFile = "flights.schema.json"

    /// `rejects.csv`'s schema.
    static let rejectsSchema = TableSchema(
        fields: [
            .integer("line", "Line of the schedule file the rejected row starts on.", minimum: 1, required: true),
            .text("reason", "Why the row was rejected.", required: true),
            .text("raw", "The row's text as read (its first 64 KiB when longer)."),
        ],
        primaryKey: ["line"])

    /// The package of a report.
    ///
    /// - Parameters:
    ///   - routes: The routes (`ORIG-DEST`) with a CSV in `routes/`, sorted.
    ///   - attributionURL: Apple Weather's legal attribution link.
    init(routes: [String], attributionURL: String) {
        let flights = FlightsCSV.schemaVersion
        description =
            "One row per briefed flight (flights.csv, schema_version \(flights)), the same rows per route "
            + "(routes/ORIG-DEST.csv) and every rejected schedule row (rejects.csv). "
            + "Weather data provided by Apple Weather."
        sources = [Source(title: "Apple Weather", path: attributionURL)]
        resources =
            [
                Resource(
                    name: "flights", path: "flights.csv", title: "Briefed flights", schema: .file(Self.schemaFile)),
                Resource(
                    name: "rejects", path: "rejects.csv", title: "Rejected schedule rows",
                    schema: .inline(Self.rejectsSchema)),
            ]
            + routes.map {
                Resource(
                    name: "route-" + $0.lowercased(), path: "routes/\($0).csv", title: "Flights \($0)",
                    schema: .file(Self.schemaFile))
            }
    }

    /// Pretty, key-sorted JSON with a final newline, like `run.json`.
    static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }

    /// Writes `datapackage.json` and `flights.schema.json` into a report directory.
    ///
    /// - Parameters:
    ///   - routes: The routes with a CSV.
    ///   - attributionURL: The attribution link.
    ///   - directory: The staging directory.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    static func write(routes: [String], attributionURL: String, into directory: URL) throws(ReportError) {
        for (name, value) in [
            ("datapackage.json", DataPackage(routes: routes, attributionURL: attributionURL) as any Encodable),
            (schemaFile, FlightsSchema.schema),
        ] {
            let url = directory.appendingPathComponent(name)
            let data: Data
            do { data = try json(value) } catch {
                throw .writeFailed(path: url.path, reason: "\(error)")
            }
            try ReportFiles.write([UInt8](data), toPath: url.path)
        }
    }
}
