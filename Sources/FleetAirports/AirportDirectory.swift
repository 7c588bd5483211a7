internal import FleetCSV
internal import FleetFiles
public import Foundation

/// Looks airports up by IATA or ICAO code, in any case.
///
/// Built once per run from the airportsdata CSV bundled with the package (see
/// `scripts/refresh-airports.py` to update it). Lookups are dictionary hits, so resolving
/// every row of a large schedule costs nothing measurable.
public struct AirportDirectory: Sendable {
    private let byIATA: [String: Airport]
    private let byICAO: [String: Airport]

    /// Every airport in the directory.
    public let airports: [Airport]

    /// Builds a directory from airport records.
    ///
    /// - Parameter airports: The records; a later duplicate code does not replace an earlier one.
    public init(airports: [Airport]) {
        self.airports = airports
        var iata: [String: Airport] = [:]
        var icao: [String: Airport] = [:]
        for airport in airports {
            if let code = airport.iata, iata[code] == nil { iata[code] = airport }
            if airport.hasRealICAO, icao[airport.icao] == nil { icao[airport.icao] = airport }
        }
        self.byIATA = iata
        self.byICAO = icao
    }

    /// The number of airports.
    public var count: Int { airports.count }

    /// Finds an airport by code: three letters are IATA, four characters ICAO.
    ///
    /// - Parameter code: The code, any case, surrounding spaces ignored.
    /// - Returns: The airport, or `nil` when the code is unknown or not shaped like a code.
    public func lookup(_ code: String) -> Airport? {
        let trimmed = code.trimmedOfSpaces
        // The schedule asks twice a row with codes already trimmed and in capitals: those are
        // used as they are, without building an upper-cased copy.
        let isUpper = trimmed.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        let key = isUpper ? trimmed : trimmed.uppercased()
        switch key.utf8.count {
        case 3: return byIATA[key]
        case 4: return byICAO[key]
        default: return nil
        }
    }
}

extension AirportDirectory {
    /// Loads the directory bundled with fleetwx.
    ///
    /// - Returns: The directory.
    /// - Throws: ``AirportsError`` when the resource is missing or malformed.
    public static func bundled() throws(AirportsError) -> AirportDirectory {
        try load(from: bundledURL())
    }

    /// Where the airport data is: `FLEETWX_AIRPORTS` if set, else the resource bundle beside
    /// the executable (an installed copy), else the package's own resource bundle (a build
    /// directory). Checked in that order so a copied binary finds its data without reaching
    /// `Bundle.module`, which stops the process when the bundle is missing.
    static func bundledURL() throws(AirportsError) -> URL {
        if let path = ProcessInfo.processInfo.environment["FLEETWX_AIRPORTS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let beside = Bundle.main.bundleURL.appendingPathComponent("fleetwx_FleetAirports.resources/airports.csv")
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        guard let url = Bundle.module.url(forResource: "airports", withExtension: "csv") else {
            throw .resourceMissing
        }
        return url
    }

    /// Loads a directory from an airportsdata-format CSV file.
    ///
    /// - Parameter url: The CSV file (`icao,iata,name,city,subd,country,elevation,lat,lon,tz,lid`).
    /// - Returns: The directory.
    /// - Throws: ``AirportsError`` when the file cannot be read or a row is malformed.
    public static func load(from url: URL) throws(AirportsError) -> AirportDirectory {
        var source: FileByteSource
        do {
            source = try FileByteSource(url: url, chunkSize: 4 << 20)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error.localizedDescription)")
        }
        var bytes: [UInt8] = []
        do {
            while let chunk = try source.nextChunk() { bytes += chunk }
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        return try parse(bytes: bytes, path: url.path)
    }

    /// Parses airportsdata CSV text (used by tests and by ``load(from:)``).
    ///
    /// - Parameter text: The CSV text with its header.
    /// - Returns: The directory.
    /// - Throws: ``AirportsError`` on a malformed header or row.
    public static func parse(csv text: String) throws(AirportsError) -> AirportDirectory {
        try parse(bytes: Array(text.utf8), path: "<memory>")
    }

    /// The directory in `bytes`: split by ``QuickRows`` when the text is plain (the bundled
    /// file is), else, and for every message about a bad file, read by FleetCSV's reader.
    private static func parse(bytes: [UInt8], path: String) throws(AirportsError) -> AirportDirectory {
        if let airports = try quickParse(bytes, path: path) { return AirportDirectory(airports: airports) }
        var reader = CSVReader(source: MemoryByteSource(bytes))
        return try parse(&reader, path: path)
    }

    /// The airports of plain text, or `nil` when some part of it needs the full reader (a bad
    /// header is thrown as the reader's path would throw it: the header is the same fields).
    private static func quickParse(_ bytes: [UInt8], path: String) throws(AirportsError) -> [Airport]? {
        try bytes.withUnsafeBufferPointer { buffer throws(AirportsError) -> [Airport]? in
            var rows = QuickRows(buffer, limit: CSVReader.defaultRecordLimit)
            var fields: [String] = []
            guard rows.next(into: &fields) == .row else { return nil }
            let columns = try AirportColumns(header: fields, path: path)
            var airports: [Airport] = []
            airports.reserveCapacity(30_000)
            while true {
                switch rows.next(into: &fields) {
                case .end: return airports
                case .notPlain: return nil
                case .row: break
                }
                if fields.allSatisfy({ $0.allSatisfy { $0 == " " || $0 == "\t" } }) { continue }  // blank
                guard fields.count == columns.fieldCount, let airport = columns.airport(fields: fields) else {
                    return nil
                }
                airports.append(airport)
            }
        }
    }

    private static func parse(_ reader: inout CSVReader, path: String) throws(AirportsError) -> AirportDirectory {
        var airports: [Airport] = []
        airports.reserveCapacity(30_000)
        do {
            guard let header = try reader.next() else {
                throw AirportsError.malformed(path: path, line: 1, reason: "empty file")
            }
            let columns = try AirportColumns(header: header.fields, path: path)
            while let record = try reader.next() {
                if record.isBlank { continue }
                airports.append(try columns.airport(from: record, path: path))
            }
        } catch let error as AirportsError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return AirportDirectory(airports: airports)
    }
}
