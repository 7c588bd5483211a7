internal import FleetCSV
internal import FleetFiles

/// Where each schedule column sits in the file, worked out once from the header row.
///
/// Rows are then read by position, so a schedule may order its columns freely and carry
/// columns fleetwx does not use.
struct HeaderMap {
    /// The line the header is on.
    let line: Int
    /// The number of fields every data row must have.
    let width: Int
    /// Header cells fleetwx does not use, as written (unnamed cells described by position).
    let ignored: [String]
    /// A note on the header worth a warning: the invisible byte order marks that were removed.
    let note: String?
    /// Every header cell as read (byte order marks removed), by position.
    let names: [String]
    /// Each column's position (`nil` when the schedule lacks it), in ``ScheduleColumn/ordinal``
    /// order: read for every row without hashing.
    let positionsByColumn: [Int?]

    /// Maps a header row.
    ///
    /// - Parameters:
    ///   - record: The header record.
    ///   - path: The schedule's path, for errors.
    /// - Throws: ``ScheduleError`` when the header is unreadable, names a column twice or lacks
    ///   a required column.
    init(record: CSVRecord, path: String) throws(ScheduleError) {
        if case .tooLong(let bytes, let limit) = record.problem {
            let reason =
                "it is over the \(NumberText.size(limit)) limit (\(NumberText.grouped(bytes)) bytes) of a row; "
                + "check that this is the schedule export"
            throw .malformedHeader(path: path, line: record.line, reason: reason)
        }
        if let problem = record.problem {
            throw .malformedHeader(path: path, line: record.line, reason: problem.description)
        }
        var found: [ScheduleColumn: [Int]] = [:]
        var ignored: [String] = []
        let (names, marked) = Self.removingByteOrderMarks(record.fields)
        for (index, name) in names.enumerated() {
            if let column = ScheduleColumn.matching(headerName: name) {
                found[column, default: []].append(index)
            } else {
                let trimmed = name.trimmedOfSpaces
                ignored.append(trimmed.isEmpty ? "(unnamed column \(index + 1))" : trimmed)
            }
        }
        let duplicates = found.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { column, indexes in
            DuplicateColumn(
                column: column, headers: indexes.map { names[$0] }, positions: indexes.map { $0 + 1 })
        }
        if !duplicates.isEmpty { throw .duplicateColumns(path: path, duplicates: duplicates) }
        let missing = ScheduleColumn.required.filter { found[$0] == nil }
        if !missing.isEmpty { throw .missingColumns(path: path, columns: missing, header: record.fields) }
        self.line = record.line
        self.width = record.fields.count
        self.ignored = ignored
        self.names = names
        self.note = marked.isEmpty ? nil : Self.byteOrderMarkNote(marked)
        self.positionsByColumn = ScheduleColumn.allCases.map { found[$0]?.first }
    }

    /// How a reason names the column at a position: its schedule column, or its header cell.
    ///
    /// - Parameter index: The 0-based position.
    /// - Returns: `tail`, or `column 8 ("notes")`.
    func columnName(at index: Int) -> String {
        if let column = positionsByColumn.firstIndex(of: index) { return ScheduleColumn.allCases[column].rawValue }
        let name = index < names.count ? names[index].trimmedOfSpaces : ""
        return "column \(index + 1)" + (name.isEmpty ? "" : " (\(EchoText.quoted(name)))")
    }

    /// Header cells with leading byte order marks (U+FEFF) removed, and the 1-based positions
    /// of the cells that had one. Why: a file saved as UTF-8 twice, or two files joined, carries
    /// a second mark the reader does not skip; invisible, it made "missing column flight"
    /// name a column the person could see in the file (issue 9).
    private static func removingByteOrderMarks(_ fields: [String]) -> (names: [String], marked: [Int]) {
        var marked: [Int] = []
        let names = fields.enumerated().map { index, field in
            var scalars = Substring(field).unicodeScalars
            while let first = scalars.first, first == " " || first == "\u{FEFF}" {
                if first == "\u{FEFF}", marked.last != index + 1 { marked.append(index + 1) }
                scalars.removeFirst()
            }
            return marked.last == index + 1 ? String(String.UnicodeScalarView(scalars)) : field
        }
        return (names, marked)
    }

    private static func byteOrderMarkNote(_ positions: [Int]) -> String {
        let cells =
            positions.prefix(10).map(String.init).joined(separator: ", ")
            + (positions.count > 10 ? " and \(positions.count - 10) more" : "")
        let which = positions.count == 1 ? "header cell \(cells) starts" : "header cells \(cells) start"
        return "\(which) with an invisible byte order mark (U+FEFF), ignored; the file was probably saved "
            + "or joined twice as UTF-8 with BOM"
    }
}
