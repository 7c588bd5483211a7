import FleetApp
import FleetTestSupport
import Foundation

/// Runs fleetwx commands in-process or as the built binary, inside a temporary directory.
struct AppHarness {
    /// The package checkout (for the demo schedule, recordings and templates).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let demoSchedule = packageRoot.appendingPathComponent("Schedules/demo.csv")
    static let demoWeather = packageRoot.appendingPathComponent("Schedules/demo-weather")
    static let templates = packageRoot.appendingPathComponent("Templates")

    let directory: TemporaryDirectory
    var variables: [String: String]
    var now: Date

    init(now: Date = WeatherFixtures.date("2026-11-30T05:00:00Z")) throws {
        directory = try TemporaryDirectory(prefix: "fleetwx-app")
        variables = ["HOME": directory.url.path, "FLEETWX_TEMPLATES": Self.templates.path]
        self.now = now
    }

    /// The outcome of one command.
    struct Result {
        let exitCode: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs a command line in-process.
    func run(_ arguments: [String]) async -> Result {
        let console = CapturingConsole()
        let clock = now
        let environment = AppEnvironment(
            variables: variables, workingDirectory: directory.url,
            executable: directory.url.appendingPathComponent("fleetwx"), now: { clock }, console: console)
        let code = await FleetApp.main(arguments, environment: environment)
        return Result(exitCode: code, stdout: console.stdout, stderr: console.stderr)
    }

    /// A file in the working directory.
    func file(_ path: String) -> URL { directory.file(path) }

    /// Reads a CSV report file into header-keyed rows.
    func csvRows(_ path: String) throws -> [[String: String]] {
        try CSVTestReader.rows(String(contentsOf: file(path), encoding: .utf8))
    }

    /// Reads `run.json`.
    func runJSON(_ directory: String) throws -> [String: Any] {
        let data = try Data(contentsOf: file("\(directory)/run.json"))
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    func remove() { directory.remove() }
}

/// A small RFC 4180 reader for checking outputs independently of the product's reader.
enum CSVTestReader {
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character?
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" {
                            field.append("\"")
                        } else {
                            quoted = false
                            pending = next
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",":
                record.append(field)
                field = ""
            case "\r\n", "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    static func rows(_ text: String) -> [[String: String]] {
        let all = records(text)
        guard let header = all.first else { return [] }
        return all.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
