internal import FleetBriefing
internal import FleetCSV
internal import Foundation
internal import Synchronization

extension FlightsCSV {
    /// Every flight's encoded row, in briefing order, encoded on all cores (100,000 rows are a
    /// few hundred milliseconds of work on one). `flights.csv` and the route files share them.
    static func lines(_ briefings: [FlightBriefing], attributionURL: String) -> [String] {
        let chunk = 2048
        let chunks = (briefings.count + chunk - 1) / chunk
        let done = Mutex<[Int: [String]]>([:])
        DispatchQueue.concurrentPerform(iterations: chunks) { number in
            let range = (number * chunk)..<min(briefings.count, (number + 1) * chunk)
            let encoded = briefings[range].map { line($0, attributionURL: attributionURL) }
            done.withLock { $0[number] = encoded }
        }
        return done.withLock { parts in (0..<chunks).flatMap { parts[$0] ?? [] } }
    }

    /// The bytes of a CSV file of rows already encoded by ``line(_:attributionURL:)``, header
    /// first: `flights.csv` and the route files share each flight's row, encoded once.
    static func bytes(lines: some Sequence<String>) -> [UInt8] {
        var bytes = Array(header.utf8)
        for line in lines { bytes.append(contentsOf: line.utf8) }
        return bytes
    }

    /// The encoded header row.
    static let header = CSVWriter(header: columns).text

    /// Writes `flights.csv` a megabyte at a time: the whole file (45 MB at 100,000 flights)
    /// never exists in memory as one string.
    static func write(lines: [String], toPath path: String) throws(ReportError) {
        try ReportFiles.withNewFile(path) { descriptor in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20 + 4096)
            buffer.append(contentsOf: header.utf8)
            for line in lines {
                buffer.append(contentsOf: line.utf8)
                guard buffer.count >= 1 << 20 else { continue }
                if let failure = buffer.withUnsafeBytes({ ReportFiles.writeAll(descriptor, $0) }) { return failure }
                buffer.removeAll(keepingCapacity: true)
            }
            return buffer.withUnsafeBytes { ReportFiles.writeAll(descriptor, $0) }
        }
    }
}
