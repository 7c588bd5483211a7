import FleetTestSupport
import Foundation

/// Bad command lines: unknown, missing, doubled or malformed options, and values too long to
/// echo whole.
extension BadInputCatalogue {
    /// 100 KB of one letter: an option value no message may repeat whole.
    static let longValue = String(repeating: "x", count: 100_000)

    static let options: [BadInput] = [
        BadInput("option", "unknown option", demo(["--colour", "red"]), exit: 64, "has no option --colour"),
        BadInput(
            "option", "unknown option with a 100 KB name", demo(["--" + longValue]), exit: 64,
            "has no option --xxxx", notInMessage: [String(repeating: "x", count: 101)]),
        BadInput("option", "unknown command", ["fly", "demo.csv"], exit: 64, "unknown command 'fly'"),
        BadInput(
            "option", "unknown command of 100 KB", [longValue], exit: 64, "… (100,000 bytes)",
            notInMessage: [String(repeating: "x", count: 101)]),
        BadInput("option", "mistyped command", ["plna", "demo.csv"], exit: 64, "did you mean 'plan'?"),
        BadInput("option", "help for a mistyped command", ["help", "pln"], exit: 64, "did you mean 'plan'?"),
        BadInput("option", "help for two commands", ["help", "run", "plan"], exit: 64, "'help' takes at most one"),
        BadInput(
            "option", "mistyped option", ["run", "demo.csv", "--out", "r", "--replya", "weather"], exit: 64,
            "'run' has no option --replya; did you mean --replay?"),
        BadInput(
            "option", "an option of another command", demo(["--prune"]), exit: 64,
            "'run' has no option --prune (cache has it)"),
        BadInput("option", "--help given a value", demo(["--help=yes"]), exit: 64, "--help takes no value"),
        BadInput(
            "option", "quota given a file instead of --state", ["quota", "st.sqlite"], exit: 64,
            "'quota' takes no arguments, got 'st.sqlite'"),
        BadInput("option", "version given an argument", ["version", "all"], exit: 64, "'version' takes no arguments"),
        BadInput("option", "a value option last, without its value", demo(["--out"]), exit: 64, "--out needs a value"),
        BadInput(
            "option", "a value forgotten before the next option",
            setup: { try $0.demoRun() }, ["run", "demo.csv", "--out", "--replay", "weather"], exit: 64,
            "--out needs a value after it, got the option --replay instead"),
        BadInput("option", "an option given twice", demo(["--out", "a", "--out", "b"]), exit: 64, "--out given twice"),
        BadInput(
            "option", "a flag given a value", demo(["--allow-past=yes"]), exit: 64, "--allow-past takes no value"),
        BadInput("option", "no schedule", ["run", "--out", "r"], exit: 64, "needs exactly one schedule file, got 0"),
        BadInput(
            "option", "two schedules", ["run", "a.csv", "b.csv"], exit: 64,
            "needs exactly one schedule file, got 2 ('a.csv', 'b.csv')"),
        BadInput(
            "option", "concurrency not a number", demo(["--concurrency", "many"]), exit: 64,
            "--concurrency must be a whole number from 1 to 256, got 'many'"),
        BadInput(
            "option", "concurrency zero", demo(["--concurrency", "0"]), exit: 64,
            "--concurrency must be a whole number from 1 to 256"),
        BadInput(
            "option", "concurrency in exponent form", demo(["--concurrency", "1e3"]), exit: 64,
            "--concurrency must be a whole number"),
        BadInput(
            "option", "concurrency of 100 KB", demo(["--concurrency", longValue]), exit: 64,
            "… (100,000 bytes)", notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "option", "negative monthly quota", demo(["--monthly-quota", "-1"]), exit: 64,
            "--monthly-quota must be a whole number from 0 to 1000000000"),
        BadInput(
            "option", "max requests beyond any integer", demo(["--max-requests", "99999999999999999999999"]),
            exit: 64, "--max-requests must be a whole number"),
        BadInput(
            "option", "endpoint not a URL", demo(["--endpoint", "weather kit"]), exit: 64, "--endpoint:"),
        BadInput(
            "option", "endpoint over plain http to another host", demo(["--endpoint", "http://example.com"]),
            exit: 64, "only https is allowed"),
        BadInput(
            "option", "endpoint with a password",
            demo(["--endpoint", "https://user:s3cret@weather.example.com"]), exit: 64,
            "must not contain a user name or password", notInMessage: ["s3cret"]),
        BadInput(
            "option", "endpoint of 100 KB", demo(["--endpoint", "https://" + longValue]), exit: 64,
            "--endpoint:", notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "option", "language not a tag", demo(["--language", "english please"]), exit: 64,
            "--language must be a language tag such as en-US"),
        BadInput(
            "option", "language of 100 KB", demo(["--language", longValue]), exit: 64, "… (100,000 bytes)",
            notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "option", "now not a date", demo(["--now", "yesterday"]), exit: 64,
            "--now must be an ISO 8601 date-time"),
        BadInput(
            "option", "now of 100 KB", demo(["--now", longValue]), exit: 64, "… (100,000 bytes)",
            notInMessage: [String(repeating: "x", count: 101)]),
        BadInput(
            "option", "now in year 2200 with 100,000 fraction digits",
            demo(["--now", "2200-01-01T00:00:00." + String(repeating: "0", count: 100_000) + "Z"]), exit: 64,
            "year 2200 is outside", notInMessage: [String(repeating: "0", count: 101)]),
        BadInput(
            "option", "grid of one letter with 100,000 combining marks",
            demo(["--grid", "e" + String(repeating: "\u{301}", count: 100_000)]), exit: 64,
            "… (200,001 bytes)'"),
        BadInput(
            "option", "record with replay", demo(["--record", "rec"]), exit: 64, "cannot be combined with --replay"),
        BadInput(
            "option", "an empty --config value", demo(["--config", ""]), exit: 64,
            "--config needs a file, got an empty value"),
        BadInput(
            "option", "--out of 100 KB", setup: { try $0.demoRun() },
            ["run", "demo.csv", "--replay", "weather", "--out", longValue], exit: 1,
            "the path is too long (a name over 255 bytes",
            notInMessage: [String(repeating: "x", count: 101), "File name too long"]),
        BadInput(
            "option", "--templates names a file", setup: { try $0.demoRun() }, demo(["--templates", "demo.csv"]),
            exit: 1,
            "index.html: no such file (a part of its path is not a directory)"),
        BadInput(
            "option", "--templates holding a FIFO",
            setup: {
                try $0.demoRun()
                try templates($0)
                try FileManager.default.removeItem(at: $0.url("t/style.css"))
                try $0.fifo("t/style.css")
            },
            demo(["--templates", "t"]), exit: 1, "style.css: it is not a regular file (a FIFO)"),
        BadInput(
            "option", "--record names a file", setup: { try $0.demoSchedule() },
            ["run", "demo.csv", "--endpoint", "http://127.0.0.1:1", "--record", "demo.csv", "--out", "r"], exit: 1,
            "it is a regular file, not a folder; --record needs a folder",
            variables: { try TestCredentials.environment(in: $0.directory) }),
        BadInput(
            "option", "--record inside a regular file", setup: { try $0.demoSchedule() },
            ["run", "demo.csv", "--endpoint", "http://127.0.0.1:1", "--record", "demo.csv/rec", "--out", "r"],
            exit: 1, "demo.csv is a regular file, not a folder",
            variables: { try TestCredentials.environment(in: $0.directory) }),
    ]

    /// `run demo.csv --replay weather --out r` and `extra` (nothing set up: a usage error is
    /// found before any file is read).
    static func demo(_ extra: [String]) -> [String] { replay() + extra }
}
