import FleetFiles
import Testing

@Suite("Bounded outside text")
struct BoundedTextTests {
    @Test("short text is shown whole", arguments: ["", "demo.csv", String(repeating: "é", count: 100)])
    func shortWhole(_ text: String) {
        #expect(text.bounded == text)
    }

    @Test("long text shows its first 100 scalars and its size in bytes")
    func longCut() {
        let text = String(repeating: "a", count: 50_000_000)
        #expect(text.bounded == String(repeating: "a", count: 100) + "… (50,000,000 bytes)")
    }

    @Test("one character of a million combining marks is cut too (scalars, not characters)")
    func combiningMarks() {
        let text = "e" + String(repeating: "\u{301}", count: 1_000_000)
        #expect(text.count == 1)
        #expect(text.bounded.utf8.count < 300)
        #expect(text.bounded.hasSuffix("… (2,000,001 bytes)"))
    }

    @Test("a chosen limit")
    func chosenLimit() {
        #expect("abcdef".bounded(limit: 3) == "abc… (6 bytes)")
        #expect("abc".bounded(limit: 3) == "abc")
    }

    @Test("the start of a larger value is cut with the whole value's size")
    func startOfALargerValue() {
        #expect("abcdef".bounded(limit: 3, wholeBytes: 5_000) == "abc… (5,000 bytes)")
        #expect("ab".bounded(limit: 3, wholeBytes: 5_000) == "ab… (5,000 bytes)")
        #expect("abc".bounded(limit: 3, wholeBytes: 3) == "abc")
    }
}
