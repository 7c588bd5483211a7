import FleetTestSupport
import Foundation
import Testing

@testable import FleetReports

/// `datapackage.json` and `flights.schema.json` (docs/analysts.md); `frictionless validate`
/// runs on real reports in Tests/Python/test_analyst_recipes.py.
@Suite("Data package")
struct DataPackageTests {
    static func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: DataPackage.json(value)) as? [String: Any])
    }

    @Test("the flights schema has one field per column of flights.csv, in order")
    func fieldsAreColumns() {
        #expect(FlightsSchema.schema.fields.map(\.name) == FlightsCSV.columns)
        #expect(DataPackage.rejectsSchema.fields.map(\.name) == RejectsCSV.columns)
    }

    @Test("every field has a type Table Schema knows and a description; datetimes name their format")
    func fieldTypes() {
        for field in FlightsSchema.schema.fields {
            #expect(["string", "integer", "number", "boolean", "datetime"].contains(field.type), "\(field.name)")
            #expect(!field.description.isEmpty, "\(field.name)")
            if field.name.hasSuffix("_local") { #expect(field.format == "%Y-%m-%dT%H:%M:%S%z", "\(field.name)") }
            if field.name.hasSuffix("_utc") {
                #expect(field.type == "datetime" && field.format == nil, "\(field.name)")
            }
        }
    }

    @Test("columns are typed as their cells are written: whole numbers integer, the rest number")
    func numericTypes() throws {
        let types = Dictionary(uniqueKeysWithValues: FlightsSchema.schema.fields.map { ($0.name, $0.type) })
        for name in ["schema_version", "dep_wind_kt", "arr_visibility_m", "dep_alert_count", "arr_humidity_pct"] {
            #expect(types[name] == "integer", "\(name)")
        }
        for name in ["dep_temperature_c", "arr_lat", "dep_precip_intensity_mm_h", "arr_pressure_hpa"] {
            #expect(types[name] == "number", "\(name)")
        }
        #expect(types["dep_is_night"] == "boolean")
    }

    @Test("the package names flights.csv, rejects.csv and each route CSV, the routes sharing the schema file")
    func resources() throws {
        let package = try Self.object(DataPackage(routes: ["JFK-LHR", "MLH-LHR"], attributionURL: "https://a.example"))
        let resources = try #require(package["resources"] as? [[String: Any]])
        #expect(resources.map { $0["name"] as? String } == ["flights", "rejects", "route-jfk-lhr", "route-mlh-lhr"])
        #expect(
            resources.map { $0["path"] as? String } == [
                "flights.csv", "rejects.csv", "routes/JFK-LHR.csv", "routes/MLH-LHR.csv",
            ])
        #expect(resources[0]["schema"] as? String == DataPackage.schemaFile)
        #expect(resources[3]["schema"] as? String == DataPackage.schemaFile)
        let rejects = try #require(resources[1]["schema"] as? [String: Any])
        #expect(rejects["primaryKey"] as? [String] == ["line"])
        #expect((package["sources"] as? [[String: String]])?.first?["path"] == "https://a.example")
    }

    @Test("the schema says the empty cell is the only missing value and keys rows by flight, origin and departure")
    func keys() throws {
        let schema = try Self.object(FlightsSchema.schema)
        #expect(schema["missingValues"] as? [String] == [""])
        #expect(schema["primaryKey"] as? [String] == ["flight", "origin", "departure_utc"])
    }

    @Test("a report directory holds both files")
    func written() throws {
        let directory = try TemporaryDirectory(prefix: "fleetwx-package")
        defer { directory.remove() }
        try DataPackage.write(routes: ["JFK-LHR"], attributionURL: "u", into: directory.url)
        for name in ["datapackage.json", "flights.schema.json"] {
            let data = try Data(contentsOf: directory.file(name))
            #expect(data.last == 0x0A)
            #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        }
    }
}
