import FleetBriefing
import FleetPlan
import FleetReports
import Foundation
import Testing

@testable import FleetApp

/// `run.json` read back from the history through types: the layouts older builds and
/// unpublished runs left, and what cannot be read (issue 10, item 2).
@Suite("Stored run summaries")
struct StoredSummaryTests {
    @Test("older and shorter layouts read with the missing fields nil")
    func tolerantOfOlderLayouts() throws {
        #expect(try StoredSummary(json: nil) == StoredSummary())
        #expect(try StoredSummary(json: "{}") == StoredSummary())
        let unpublished = try StoredSummary(json: #"{"requests": {"sent": 4, "planned": 9}}"#)
        #expect(unpublished.source == nil)
        #expect(unpublished.requests?.sent == 4)
        let full = try StoredSummary(json: #"{"source": "weatherkit", "schema_version": 1, "risk": {}}"#)
        #expect(full.source == .weatherkit)
    }

    @Test("what cannot be read is said in words, naming the field")
    func unreadableInWords() {
        func problem(_ json: String) -> String? {
            do {
                _ = try StoredSummary(json: json)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("{\"source\": ") == "it is not JSON")
        #expect(problem("[1, 2]") == "it is not a JSON object")
        #expect(
            problem(#"{"requests": {"sent": "4"}}"#)
                == "its requests.sent is not the kind of value run.json holds there")
    }

    @Test("a source a newer build wrote is no source to compare with, and its requests still count")
    func unknownSource() throws {
        let stored = try StoredSummary(json: #"{"source": "radar", "requests": {"sent": 3}}"#)
        #expect(stored.source == nil)
        #expect(stored.requests?.sent == 3)
        #expect(try StoredSummary(json: #"{"source": "replay"}"#).source == .replay)
    }

    @Test("risk counts are typed and written exactly as the string-keyed object they were")
    func riskCountsWire() throws {
        let counts = RiskCounts(counting: [Risk.red, .red, .green])
        #expect(counts[.red] == 2)
        #expect(counts[.amber] == 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let typed = try encoder.encode(counts)
        let strings = try encoder.encode(["red": 2, "amber": 0, "unknown": 0, "green": 1])
        #expect(typed == strings)
        #expect(try JSONDecoder().decode(RiskCounts.self, from: typed) == counts)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RiskCounts.self, from: Data(#"{"purple": 1}"#.utf8))
        }
        #expect(try JSONEncoder().encode(RunSource.replay) == Data(#""replay""#.utf8))
    }
}
