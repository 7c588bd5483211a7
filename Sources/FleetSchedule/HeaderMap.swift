internal import FleetCSV
internal import Foundation

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
    private let positions: [ScheduleColumn: Int]

    /// Maps a header row.
    ///
    /// - Parameters:
    ///   - record: The header record.
    ///   - path: The schedule's path, for errors.
    /// - Throws: ``ScheduleError`` when the header is unreadable, names a column twice or lacks
    ///   a required column.
    init(record: CSVRecord, path: String) throws(ScheduleError) {
        if let problem = record.problem {
            throw .malformedHeader(path: path, line: record.line, reason: problem.description)
        }
        var found: [ScheduleColumn: [Int]] = [:]
        var ignored: [String] = []
        for (index, name) in record.fields.enumerated() {
            if let column = ScheduleColumn.matching(headerName: name) {
                found[column, default: []].append(index)
            } else {
                let trimmed = name.trimmingCharacters(in: .whitespaces)
                ignored.append(trimmed.isEmpty ? "(unnamed column \(index + 1))" : trimmed)
            }
        }
        let duplicates = found.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }.map { column, indexes in
            DuplicateColumn(
                column: column, headers: indexes.map { record.fields[$0] }, positions: indexes.map { $0 + 1 })
        }
        if !duplicates.isEmpty { throw .duplicateColumns(path: path, duplicates: duplicates) }
        let missing = ScheduleColumn.required.filter { found[$0] == nil }
        if !missing.isEmpty { throw .missingColumns(path: path, columns: missing, header: record.fields) }
        self.line = record.line
        self.width = record.fields.count
        self.ignored = ignored
        self.positions = found.compactMapValues(\.first)
    }

    /// The trimmed value of a column in a row, or `nil` when the schedule has no such column.
    ///
    /// - Parameters:
    ///   - column: The column.
    ///   - fields: The row's fields (already checked to be ``width`` long).
    /// - Returns: The value with surrounding spaces removed.
    func value(_ column: ScheduleColumn, in fields: [String]) -> String? {
        guard let index = positions[column], index < fields.count else { return nil }
        return fields[index].trimmingCharacters(in: .whitespaces)
    }
}
