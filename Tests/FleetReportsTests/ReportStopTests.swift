import FleetReports
import FleetTestSupport
import Foundation
import Synchronization
import Testing

/// Writing stopped part-way (a signal, and the time to publish after it ran out): nothing is
/// published, no staging directory is left, and the previous report stays.
@Suite("ReportWriter stopped")
struct ReportStopTests {
    @Test(
        "stopped after the first files: no report, no staging left, the previous report and latest stay",
        arguments: [1, 2, 3])
    func stoppedWriting(_ answersBeforeStop: Int) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let writer = ReportWriter(templates: try ReportFixtures.templates())
        let previous = temporary.file("r1")
        try writer.write(twoRouteModel(runID: "first"), to: previous)
        let asked = Mutex(0)
        let out = temporary.file("r2")
        let error = #expect(throws: ReportError.self) {
            try writer.write(twoRouteModel(runID: "second"), to: out) {
                asked.withLock { count in
                    count += 1
                    return count > answersBeforeStop
                }
            }
        }
        #expect(error == .stopped)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path)
        #expect(!left.contains { $0.contains("staging") }, "\(left)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: temporary.file("latest").path) == "r1")
    }
}
