import FleetAirports
import FleetTestSupport
import Foundation
import Testing

private let header =
    "\"icao\",\"iata\",\"name\",\"city\",\"subd\",\"country\",\"elevation\",\"lat\",\"lon\",\"tz\",\"lid\"\n"

@Suite("AirportDirectory: the bundled data")
struct BundledAirportTests {
    let directory = TestAirports.bundled

    @Test("the bundled directory holds the whole dataset")
    func size() {
        #expect(directory.count > 25_000)
        #expect(directory.airports.count == directory.count)
    }

    @Test("JFK by IATA or ICAO, any case", arguments: ["JFK", "jfk", "Jfk", "KJFK", "kjfk", " JFK ", "KJFK "])
    func kennedy(code: String) throws {
        let airport = try #require(directory.lookup(code))
        #expect(airport.icao == "KJFK")
        #expect(airport.iata == "JFK")
        #expect(airport.code == "JFK")
        #expect(airport.country == "US")
        #expect(airport.timeZone == "America/New_York")
        #expect(abs(airport.latitude - 40.64) < 0.01)
        #expect(abs(airport.longitude - -73.78) < 0.01)
    }

    @Test("Basel BSL, Mulhouse MLH and LFSB are one place")
    func baselMulhouse() throws {
        let basel = try #require(directory.lookup("BSL"))
        let mulhouse = try #require(directory.lookup("MLH"))
        let icao = try #require(directory.lookup("LFSB"))
        #expect(basel.latitude == mulhouse.latitude)
        #expect(basel.longitude == mulhouse.longitude)
        #expect(icao.latitude == basel.latitude)
        #expect(icao.longitude == basel.longitude)
        #expect(icao.iata == "BSL")
        #expect(mulhouse.code == "MLH")
        #expect(!mulhouse.hasRealICAO)
        #expect(basel.hasRealICAO)
    }

    @Test("a dataset placeholder ICAO is never matched", arguments: ["_MLH", "_mlh"])
    func placeholderNotMatched(code: String) {
        #expect(directory.lookup(code) == nil)
    }

    @Test("unknown codes are not found", arguments: ["QQQ", "ZZZZ", "XXX"])
    func unknown(code: String) {
        #expect(directory.lookup(code) == nil)
    }

    @Test(
        "text not shaped like a code is not found",
        arguments: ["", "   ", "J", "JF", "JFKXX", "KJFKX", "JFK1234", "J K", "K JFK"])
    func malformed(code: String) {
        #expect(directory.lookup(code) == nil)
    }

    @Test("an ICAO-only airport is named by its ICAO code")
    func icaoOnly() throws {
        let airport = try #require(directory.lookup("00AA"))
        #expect(airport.iata == nil)
        #expect(airport.code == "00AA")
    }

    @Test(
        "zones and countries of a few airports",
        arguments: [
            ("SYD", "Australia/Sydney", "AU"), ("KTM", "Asia/Kathmandu", "NP"), ("LHR", "Europe/London", "GB"),
            ("BSL", "Europe/Paris", "FR"),
        ])
    func zones(code: String, zone: String, country: String) throws {
        let airport = try #require(directory.lookup(code))
        #expect(airport.timeZone == zone)
        #expect(airport.country == country)
    }
}

@Suite("AirportDirectory: parsing airportsdata CSV")
struct AirportParsingTests {
    @Test("a small file parses, with codes upper-cased and an empty IATA as none")
    func parsesSmallFile() throws {
        let csv =
            header
            + "\"egll\",\"lhr\",\"London Heathrow Airport\",\"London\",\"England\",\"gb\",83,51.4706,-0.46194,\"Europe/London\",\"\"\n"
            + "\"00AA\",\"\",\"Aero B Ranch Airport\",\"Leoti\",\"Kansas\",\"US\",3435.4,38.704022,-101.473911,\"America/Chicago\",\"00AA\"\n"
        let directory = try AirportDirectory.parse(csv: csv)
        #expect(directory.count == 2)
        let heathrow = try #require(directory.lookup("LHR"))
        #expect(heathrow.icao == "EGLL")
        #expect(heathrow.country == "GB")
        #expect(heathrow.elevationFeet == 83)
        let ranch = try #require(directory.lookup("00aa"))
        #expect(ranch.iata == nil)
        #expect(ranch.elevationFeet == 3435)
    }

    @Test("columns are found by name in any order and case, blank lines skipped")
    func reorderedColumns() throws {
        let csv =
            "TZ,Lat,Lon,ICAO,IATA,Name,City,Subd,Country,Elevation\n\n"
            + "Europe/Paris,47.5896,7.52991,LFSB,BSL,EuroAirport,Bale,Grand Est,FR,\n"
        let directory = try AirportDirectory.parse(csv: csv)
        let airport = try #require(directory.lookup("LFSB"))
        #expect(airport.timeZone == "Europe/Paris")
        #expect(airport.elevationFeet == nil)
    }

    @Test("a header without a needed column is an error on line 1")
    func badHeader() {
        let csv = "icao,iata,name,city,subd,country,elevation,lat,lon\nKJFK,JFK,x,y,z,US,1,40,-73\n"
        #expect(throws: AirportsError.malformed(path: "<memory>", line: 1, reason: "missing column tz")) {
            try AirportDirectory.parse(csv: csv)
        }
    }

    @Test("an empty file is an error")
    func emptyFile() {
        #expect(throws: AirportsError.malformed(path: "<memory>", line: 1, reason: "empty file")) {
            try AirportDirectory.parse(csv: "")
        }
    }

    @Test("a row with the wrong field count names its line, counting multi-line fields")
    func wrongFieldCount() {
        let csv =
            header
            + "\"AAAA\",\"AAA\",\"Two\nline name\",\"c\",\"s\",\"US\",1,10,10,\"UTC\",\"\"\n"
            + "\"BBBB\",\"BBB\",\"short\"\n"
        #expect(throws: AirportsError.malformed(path: "<memory>", line: 4, reason: "wrong field count")) {
            try AirportDirectory.parse(csv: csv)
        }
    }

    @Test(
        "bad coordinates name their line",
        arguments: [("latitude over 90", "91", "10"), ("longitude over 180", "10", "181"), ("not a number", "x", "10")])
    func badCoordinates(name: String, lat: String, lon: String) {
        let csv = header + "\"AAAA\",\"AAA\",\"n\",\"c\",\"s\",\"US\",1,\(lat),\(lon),\"UTC\",\"\"\n"
        #expect(throws: AirportsError.malformed(path: "<memory>", line: 2, reason: "bad coordinates"), "\(name)") {
            try AirportDirectory.parse(csv: csv)
        }
    }

    @Test("a row with broken quoting names its line and the problem")
    func brokenQuoting() throws {
        let csv = header + "\"AAAA\",\"AAA\",\"never closed,\"c\",\"s\",\"US\",1,10,10,\"UTC\",\"\"\n"
        let error = try #require(throws: AirportsError.self) { try AirportDirectory.parse(csv: csv) }
        guard case .malformed(_, let line, let reason) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(line == 2)
        #expect(reason.contains("quot"))
    }

    @Test("an earlier airport keeps a code a later one repeats")
    func duplicateCode() throws {
        let csv =
            header
            + "\"AAAA\",\"AAA\",\"First\",\"c\",\"s\",\"US\",1,10,10,\"UTC\",\"\"\n"
            + "\"AAAA\",\"AAA\",\"Second\",\"c\",\"s\",\"US\",1,20,20,\"UTC\",\"\"\n"
        let directory = try AirportDirectory.parse(csv: csv)
        #expect(directory.lookup("AAA")?.name == "First")
        #expect(directory.lookup("AAAA")?.name == "First")
        #expect(directory.count == 2)
    }

    @Test("loading a missing file is an unreadable error naming the path")
    func missingFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let url = temporary.file("nope.csv")
        let error = try #require(throws: AirportsError.self) { try AirportDirectory.load(from: url) }
        guard case .unreadable(let path, _) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(path == url.path)
        #expect(error.description.contains("nope.csv"))
    }

    @Test("loading a file on disk gives the same directory as parsing its text")
    func loadFromDisk() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let text =
            header
            + "\"KJFK\",\"JFK\",\"Kennedy\",\"New York\",\"NY\",\"US\",13,40.64,-73.78,\"America/New_York\",\"\"\n"
        let url = try temporary.write(text, to: "airports.csv")
        let loaded = try AirportDirectory.load(from: url)
        #expect(loaded.airports == (try AirportDirectory.parse(csv: text)).airports)
    }

    @Test("error messages name the file and line")
    func messages() {
        let error = AirportsError.malformed(path: "a.csv", line: 7, reason: "bad coordinates")
        #expect(error.description == "airport data a.csv:7: bad coordinates")
    }
}

@Suite("AirportDirectory: the quick split and the reader agree")
struct QuickSplitTests {
    @Test("quoted commas, doubled quotes, CRLF, a byte order mark and accents read as the reader reads them")
    func plainVariants() throws {
        let rows =
            "\u{FEFF}icao,iata,name,city,subd,country,elevation,lat,lon,tz,lid\r\n"
            + "\"LFSB\",\"bsl\",\"Basel, \"\"EuroAirport\"\"\",Bâle,Haut-Rhin,fr,885,47.59,7.53,Europe/Paris,\r\n"
            + "\r\n"
            + "KJFK,JFK,John F Kennedy,New York,New York,US,,40.64,-73.78,America/New_York,"
        // A quote inside an unquoted field is left to the reader: the same directory either way.
        let odd = rows.replacingOccurrences(of: "Bâle", with: "B\"le")
        for csv in [rows, odd] {
            let directory = try AirportDirectory.parse(csv: csv)
            #expect(directory.count == 2)
            let basel = try #require(directory.lookup("BSL"))
            #expect(basel.name == "Basel, \"EuroAirport\"")
            #expect(basel.country == "FR")
            #expect(basel.elevationFeet == 885)
            #expect(directory.lookup("KJFK")?.elevationFeet == nil)
        }
        #expect(try AirportDirectory.parse(csv: rows).lookup("LFSB")?.city == "Bâle")
        #expect(try AirportDirectory.parse(csv: odd).lookup("LFSB")?.city == "B\"le")
    }
}
