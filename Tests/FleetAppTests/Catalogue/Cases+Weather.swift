import Foundation

/// Bad-input catalogue: Weather cases — recordings whose bodies hold values out of range,
/// places that contradict each other or the cell, odd years, and `--grid` sizes.
extension BadInputCatalogue {
    static let weather: [BadInput] = grids + years + values + places
}

/// One demo row and the demo recordings, with JFK's JSON text edited and written as
/// `weather/OUTPUT` (JFK's own file by default; another name keeps JFK's file as it was): each
/// pair replaces every match of a regular expression.
private func editedWeather(_ edits: [(String, String)], as output: String = "JFK.json") -> CatalogueSetup {
    { workspace in
        try workspace.demoInputs()
        var text = try String(contentsOf: workspace.url("weather/JFK.json"), encoding: .utf8)
        for (pattern, replacement) in edits {
            text = text.replacing(try Regex(pattern), with: replacement)
        }
        try workspace.write(text, to: "weather/\(output)")
    }
}

/// One demo row and the demo recordings, with JFK's `member` set to `json` in every forecast hour.
private func everyHour(_ member: String, _ json: String) -> CatalogueSetup {
    editedWeather([(#""\#(member)":[^,}]+"#, #""\#(member)":\#(json)"#)])
}

/// One demo row and the demo recordings, with `old` replaced by `new` once, in JFK's data set
/// `dataSet` only.
private func inDataSet(_ dataSet: String, _ old: String, _ new: String) -> CatalogueSetup {
    { workspace in
        try workspace.demoInputs()
        var text = try String(contentsOf: workspace.url("weather/JFK.json"), encoding: .utf8)
        guard let start = text.range(of: #""\#(dataSet)":"#),
            let found = text.range(of: old, range: start.upperBound..<text.endIndex)
        else { throw CocoaError(.fileReadCorruptFile) }
        text.replaceSubrange(found, with: new)
        try workspace.write(text, to: "weather/JFK.json")
    }
}

/// The run every weather case makes.
private let run = BadInputCatalogue.oneRowRun()
/// The one-row demo inputs.
private let oneRow: CatalogueSetup = { try $0.demoInputs() }

extension BadInputCatalogue {
    /// `--grid`: only 0.001° to 1° (item 5 of issue 9).
    static let grids: [BadInput] = [
        BadInput("weather", "grid 0", setup: oneRow, run + ["--grid", "0"], exit: 64, "from 0.001° to 1°"),
        BadInput("weather", "grid negative", setup: oneRow, run + ["--grid", "-0.01"], exit: 64, "got -0.01"),
        BadInput(
            "weather", "grid 5e-324", setup: oneRow, run + ["--grid", "5e-324"], exit: 64,
            "--grid must be a cell size from 0.001° to 1° with at most six decimals, got 5e-324"),
        BadInput("weather", "grid 1.5", setup: oneRow, run + ["--grid", "1.5"], exit: 64, "got 1.5: WeatherKit"),
        BadInput("weather", "grid 10", setup: oneRow, run + ["--grid", "10"], exit: 64, "over 100 km apart"),
        BadInput("weather", "grid nan", setup: oneRow, run + ["--grid", "nan"], exit: 64, "got nan"),
        BadInput("weather", "grid inf", setup: oneRow, run + ["--grid", "inf"], exit: 64, "got inf"),
        BadInput(
            "weather", "grid 0.0001", setup: oneRow, run + ["--grid", "0.0001"], exit: 64, "cannot be told apart"),
        BadInput(
            "weather", "grid with seven decimals", setup: oneRow, run + ["--grid", "0.0012345"], exit: 64,
            "at most six decimals"),
        BadInput(
            "weather", "grid text", setup: oneRow, run + ["--grid", "fine"], exit: 64,
            "--grid must be a number of degrees from 0.001 to 1, got 'fine'"),
        BadInput(
            "weather", "grid text of 10,000 characters", setup: oneRow,
            run + ["--grid", String(repeating: "9x", count: 5_000)], exit: 64, "got '9x9x"),
        BadInput(
            "weather", "grid 1 (the largest) is accepted", setup: oneRow, run + ["--grid", "1"], exit: 0,
            "1 flights briefed"),
        BadInput(
            "weather", "grid 0.001 (the smallest) is accepted", setup: oneRow, run + ["--grid", "0.001"], exit: 1,
            "no recorded weather"),
        BadInput("weather", "plan with grid 2", setup: oneRow, ["plan", "s.csv", "--grid", "2"], exit: 64, "got 2.0"),
    ]

    /// Years outside 2000–2100, in schedules, bodies and `--now` (item 12 of issue 9).
    static let years: [BadInput] = [
        BadInput(
            "weather", "schedule year 0000",
            setup: { try $0.rows([demoRow, "UA1,ORD,JFK,0000-12-31T18:09:24,2026-12-01T10:15,B738,N1"]) }, run, exit: 2,
            "1 rejected",
            inFiles: ["r/rejects.csv": "year 0000 is outside 2000–2100, the years fleetwx briefs"]),
        BadInput(
            "weather", "schedule year 0001 and 9999",
            setup: {
                try $0.rows([
                    demoRow, "UA1,ORD,JFK,0001-01-01T10:00Z,0001-01-01T12:00Z,,",
                    "UA2,ORD,JFK,9999-12-31T10:00Z,9999-12-31T12:00Z,,",
                ])
            }, run, exit: 2, "2 rejected", inFiles: ["r/rejects.csv": "year 9999 is outside 2000–2100"]),
        BadInput(
            "weather", "schedule year 10000",
            setup: { try $0.rows([demoRow, "UA1,ORD,JFK,10000-01-01T10:00Z,2026-12-01T10:15,,"]) }, run, exit: 2,
            "1 rejected", inFiles: ["r/rejects.csv": "year 10000 is outside 2000–2100"]),
        BadInput(
            "weather", "schedule arrival in 2101",
            setup: { try $0.rows([demoRow, "UA1,ORD,JFK,2026-12-01T07:05,2101-01-01T00:00Z,,"]) }, run, exit: 2,
            "1 rejected", inFiles: ["r/rejects.csv": "year 2101 is outside 2000–2100"]),
        BadInput(
            "weather", "--now in year 0000", setup: oneRow, run + ["--now", "0000-01-01T00:00:00Z"], exit: 64,
            "year 0000 is outside 2000–2100, the years fleetwx briefs"),
        BadInput(
            "weather", "--now in year 9999", setup: oneRow, run + ["--now", "9999-12-31T23:59:59Z"], exit: 64,
            "year 9999 is outside 2000–2100"),
        BadInput(
            "weather", "body hours in year 0000", setup: everyHour("forecastStart", #""0000-12-31T18:00:00Z""#), run,
            exit: 2, "forecastStart: \"0000-12-31T18:00:00Z\" is outside 2000–2100, the years fleetwx briefs; dropped"),
        BadInput(
            "weather", "body read time in year 9999",
            setup: editedWeather([(#""readTime":"[^"]*""#, #""readTime":"9999-01-01T00:00:00Z""#)]), run, exit: 0,
            "readTime: \"9999-01-01T00:00:00Z\" is outside 2000–2100"),
    ]

    /// Values outside their physical ranges, or of the wrong type (item 11 of issue 9).
    static let values: [BadInput] = [
        BadInput(
            "weather", "wind 5.4e19 km/h", setup: everyHour("windSpeed", "5.4e19"), run, exit: 2,
            "windSpeed: 5.4e+19 is outside 0…500; dropped", inFiles: ["r/flights.csv": "no wind"]),
        BadInput(
            "weather", "precipitation chance 1e12", setup: everyHour("precipitationChance", "1e12"), run, exit: 2,
            "precipitationChance: 1000000000000 is outside 0…1; dropped",
            inFiles: ["r/flights.csv": "precipitationChance unusable in the body"]),
        BadInput(
            "weather", "gust 9000 km/h", setup: everyHour("windGust", "9000"), run, exit: 2,
            "windGust: 9000 is outside 0…500", inFiles: ["r/flights.csv": "windGust unusable"]),
        BadInput(
            "weather", "temperature -500", setup: everyHour("temperature", "-500"), run, exit: 2,
            "temperature: -500 is outside -100…70", inFiles: ["r/flights.csv": "no temperature"]),
        BadInput(
            "weather", "temperature 1e999", setup: everyHour("temperature", "1e999"), run, exit: 2,
            "is not a finite number"),
        BadInput(
            "weather", "visibility negative", setup: everyHour("visibility", "-1"), run, exit: 2,
            "visibility: -1 is outside 0…1000000"),
        BadInput(
            "weather", "wind direction 720", setup: everyHour("windDirection", "720"), run, exit: 2,
            "windDirection: 720 is outside 0…360"),
        BadInput(
            "weather", "gust as NaN text", setup: everyHour("windGust", #""NaN""#), run, exit: 2,
            "windGust: \"NaN\" is not a number; dropped"),
        BadInput(
            "weather", "precipitation intensity 1e300", setup: everyHour("precipitationIntensity", "1e300"), run,
            exit: 2, "precipitationIntensity: 1e+300 is outside 0…1000"),
        BadInput(
            "weather", "dew point 99 (not briefed)", setup: everyHour("temperatureDewPoint", "99"), run, exit: 0,
            "temperatureDewPoint: 99 is outside -100…70; dropped"),
        BadInput(
            "weather", "pressure 5 (not briefed)", setup: everyHour("pressure", "5"), run, exit: 0,
            "pressure: 5 is outside 800…1100"),
        BadInput(
            "weather", "humidity 1.5 (not briefed)", setup: everyHour("humidity", "1.5"), run, exit: 0,
            "humidity: 1.5 is outside 0…1"),
        BadInput(
            "weather", "cloud cover 100 (not briefed)", setup: everyHour("cloudCover", "100"), run, exit: 0,
            "cloudCover: 100 is outside 0…1"),
        BadInput(
            "weather", "uv index 4.5 (not briefed)", setup: everyHour("uvIndex", "4.5"), run, exit: 0,
            "uvIndex: 4.5 is not a whole number"),
    ]

    /// Places that contradict each other or the cell (item 6 of issue 9).
    static let places: [BadInput] = [
        BadInput(
            "weather", "hourly latitude 999",
            setup: inDataSet("forecastHourly", #""latitude":40.64"#, #""latitude":999"#), run, exit: 2,
            "forecastHourly: its metadata.latitude 999 is outside -90…90, so its place is unknown"),
        BadInput(
            "weather", "latitude 999 everywhere", setup: editedWeather([(#""latitude":40.64"#, #""latitude":999"#)]),
            run, exit: 2, "JFK.json: no usable data set", inFiles: ["r/flights.csv": "no recorded weather"]),
        BadInput(
            "weather", "longitude as text",
            setup: inDataSet("forecastHourly", #""longitude":-73.78"#, #""longitude":"west""#), run, exit: 2,
            "forecastHourly: its metadata.longitude"),
        BadInput(
            "weather", "JFK's file holds Chicago's coordinates",
            setup: editedWeather([(#""latitude":40.64,"longitude":-73.78"#, #""latitude":41.98,"longitude":-87.91"#)]),
            run, exit: 2, "JFK.json and ORD.json record different weather for 41.98,-87.91"),
        BadInput(
            "weather", "two recordings of one place that disagree",
            setup: editedWeather([(#""temperature":[^,}]+"#, #""temperature":-30"#)], as: "JFK-again.json"), run,
            exit: 2, "JFK-again.json and JFK.json record different weather for 40.64,-73.78",
            inFiles: ["r/flights.csv": "no forecast hour"]),
        BadInput(
            "weather", "the same recording twice is no conflict",
            setup: {
                try $0.demoInputs()
                try FileManager.default.copyItem(at: $0.url("weather/JFK.json"), to: $0.url("weather/JFK-copy.json"))
            }, run, exit: 0, "1 flights briefed", notInMessage: ["record different weather"]),
        BadInput(
            "weather", "a recording named for JFK holding Chicago",
            setup: {
                try $0.demoInputs()
                try FileManager.default.copyItem(
                    at: $0.url("weather/ORD.json"), to: $0.url("weather/wx_40.64_-73.78.json"))
            }, run, exit: 0, "wx_40.64_-73.78.json: named for 40.64,-73.78 but its metadata places it at 41.98,-87.91"),
        BadInput(
            "weather", "alerts for London in JFK's body",
            setup: inDataSet(
                "weatherAlerts", #""latitude":40.64,"longitude":-73.78"#, #""latitude":51.47,"longitude":-0.46"#), run,
            exit: 0, "weatherAlerts: its location 51.47,-0.46 is not the location of forecastHourly"),
        BadInput(
            "weather", "a body without any coordinates",
            setup: editedWeather([(#""latitude":40.64,"longitude":-73.78,"#, "")]), run, exit: 2,
            "JFK.json: no metadata.latitude/longitude"),
    ]
}
