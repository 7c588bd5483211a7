/// Bad schedules: the file itself, its header, its rows.
extension BadInputCatalogue {
    static let schedules: [BadInput] = [
        BadInput(
            "schedule", "missing file", ["run", "nope.csv", "--replay", "weather", "--out", "r"], exit: 1, "nope.csv"),
        BadInput(
            "schedule", "empty file",
            setup: {
                try $0.write("", to: "s.csv")
                try $0.demoWeather()
            },
            ["run", "s.csv", "--replay", "weather", "--out", "r"], exit: 1, "s.csv"),
        BadInput(
            "schedule", "unknown airport rejects the row",
            setup: {
                try $0.schedule([demoRow, "XX1,ZZZ,JFK,2026-12-01T07:05,2026-12-01T10:15,B738,N1"])
                try $0.demoWeather()
            },
            ["run", "s.csv", "--replay", "weather", "--out", "r"], exit: 2, "rejected"),
    ]
}
