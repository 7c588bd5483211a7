import FleetTestSupport
import Foundation

/// Bad threshold files (`--config FILE`): what the path names, JSON syntax, values out of
/// range or of the wrong type, unknown or doubled keys, sizes; and credentials warnings.
extension BadInputCatalogue {
    static let config: [BadInput] = [
        BadInput(
            "config", "missing file", setup: { try $0.demoRun() }, withConfig("nope.json"), exit: 1,
            "nope.json: no such file; check the path"),
        BadInput(
            "config", "--config names a directory",
            setup: {
                try $0.demoRun()
                try $0.folder("thresholds")
            },
            withConfig("thresholds"), exit: 1,
            "it is a directory, not a regular file; --config needs a JSON file of thresholds"),
        BadInput(
            "config", "--config names a FIFO",
            setup: {
                try $0.demoRun()
                try $0.fifo("thresholds.json")
            },
            withConfig(), exit: 1, "it is not a regular file (a FIFO)", notInMessage: ["permission"]),
        BadInput(
            "config", "--config names /dev/null", setup: { try $0.demoRun() }, withConfig("/dev/null"), exit: 1,
            "it is not a regular file (a character device)"),
        BadInput(
            "config", "--config is a symbolic link loop",
            setup: {
                try $0.demoRun()
                try $0.symlink("thresholds.json", to: "thresholds.json")
            },
            withConfig(), exit: 1, "it is a symbolic link loop", notInMessage: ["no such file"]),
        BadInput(
            "config", "an empty file", setup: { try config($0, "") }, withConfig(), exit: 1,
            "the file is empty; it must hold one JSON object"),
        BadInput(
            "config", "only a byte-order mark and spaces", setup: { try config($0, "\u{FEFF}  \n") }, withConfig(),
            exit: 1, "the file is empty"),
        BadInput(
            "config", "a trailing comma", setup: { try config($0, #"{"windAmberKt": 20,}"#) }, withConfig(),
            exit: 1, "not valid JSON at line 1, column 20: a member name was expected"),
        BadInput(
            "config", "a syntax error on line 3",
            setup: { try config($0, "{\n  \"windAmberKt\": 20,\n  \"windRedKt\" 40\n}\n") }, withConfig(), exit: 1,
            "not valid JSON at line 3, column 15: ':' was expected"),
        BadInput(
            "config", "cut off", setup: { try config($0, #"{"windAmberKt": "#) }, withConfig(), exit: 1,
            "not valid JSON at line 1, column 17: cut off"),
        BadInput(
            "config", "not JSON at all", setup: { try config($0, "windAmberKt = 20\n") }, withConfig(), exit: 1,
            "not valid JSON at line 1, column 1"),
        BadInput(
            "config", "a JSON array", setup: { try config($0, "[20, 40]") }, withConfig(), exit: 1,
            "it holds an array, not a JSON object of thresholds"),
        BadInput(
            "config", "nested deeper than any threshold file",
            setup: { try config($0, String(repeating: "[", count: 10_000)) }, withConfig(), exit: 1,
            "nested deeper than"),
        BadInput(
            "config", "1e999", setup: { try config($0, #"{"windAmberKt": 1e999}"#) }, withConfig(), exit: 1,
            "windAmberKt is out of range", notInMessage: ["not a JSON object"]),
        BadInput(
            "config", "-1e999", setup: { try config($0, #"{"coldRedC": -1e999}"#) }, withConfig(), exit: 1,
            "coldRedC is out of range"),
        BadInput(
            "config", "windowMinutes 0.5", setup: { try config($0, #"{"windowMinutes": 0.5}"#) }, withConfig(),
            exit: 1, "windowMinutes must be a whole number of minutes from 0 to 180, got 0.5",
            notInMessage: ["not valid JSON"]),
        BadInput(
            "config", "windowMinutes 1e20", setup: { try config($0, #"{"windowMinutes": 1e20}"#) }, withConfig(),
            exit: 1, "windowMinutes must be a whole number of minutes from 0 to 180"),
        BadInput(
            "config", "windowMinutes as text", setup: { try config($0, #"{"windowMinutes": "60"}"#) },
            withConfig(), exit: 1, #"windowMinutes must be a whole number of minutes from 0 to 180, got "60""#),
        BadInput(
            "config", "a threshold as text", setup: { try config($0, #"{"windAmberKt": "fast"}"#) }, withConfig(),
            exit: 1, #"windAmberKt is not a number (it is "fast"); give a number such as 25"#),
        BadInput(
            "config", "a threshold null", setup: { try config($0, #"{"gustRedKt": null}"#) }, withConfig(), exit: 1,
            "gustRedKt is not a number (it is null)"),
        BadInput(
            "config", "a threshold as 100 KB of text",
            setup: { try config($0, #"{"windAmberKt": ""# + longValue + #""}"#) }, withConfig(), exit: 1,
            "windAmberKt is not a number", notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "config", "an unknown key", setup: { try config($0, #"{"windAmberKts": 20}"#) }, withConfig(), exit: 1,
            #"unknown setting(s) "windAmberKts"; check the spelling (known: "#),
        BadInput(
            "config", "an unknown key of 100 KB", setup: { try config($0, "{\"\(longValue)\": 1}") }, withConfig(),
            exit: 1, "… (100,000 bytes)", notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "config", "a thousand unknown keys",
            setup: { try config($0, "{" + (1...1_000).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}") },
            withConfig(), exit: 1, "and 995 more"),
        BadInput(
            "config", "a key given twice", setup: { try config($0, #"{"windAmberKt": 20, "windAmberKt": 22}"#) },
            withConfig(), exit: 1, "windAmberKt is given twice"),
        BadInput(
            "config", "red milder than amber", setup: { try config($0, #"{"windRedKt": 20}"#) }, withConfig(),
            exit: 1, "windAmberKt (25.0) must not be above windRedKt (20.0)"),
        BadInput(
            "config", "a file of 2 MB",
            setup: { try config($0, "{" + String(repeating: " ", count: 2 * 1024 * 1024) + "}") }, withConfig(),
            exit: 1, "far larger than a threshold file (at most 1024 KiB)"),
        BadInput(
            "config", "a byte-order mark before a good object",
            setup: { try config($0, "\u{FEFF}" + #"{"windAmberKt": 30}"#) }, withConfig(), exit: 0,
            "flights briefed"),
        BadInput(
            "config", "a good file", setup: { try config($0, #"{"windAmberKt": 30, "windowMinutes": 90}"#) },
            withConfig(), exit: 0, "flights briefed"),
        BadInput(
            "config", "a key file other users can read is warned about once",
            setup: { try $0.demoSchedule() },
            ["run", "demo.csv", "--endpoint", "http://127.0.0.1:1", "--state", "state.sqlite", "--out", "r"],
            exit: 1, "fleetwx: warning: key file",
            variables: { try TestCredentials.environment(in: $0.directory, mode: 0o644) }),
    ]

    /// The demo run with a threshold file `thresholds.json` holding `text`.
    static func config(_ workspace: CatalogueWorkspace, _ text: String) throws {
        try workspace.demoRun()
        try workspace.write(text, to: "thresholds.json")
    }

    /// `run demo.csv --replay weather --out r --config FILE`.
    static func withConfig(_ file: String = "thresholds.json") -> [String] {
        demo(["--config", file])
    }
}
