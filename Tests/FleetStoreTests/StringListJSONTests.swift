import FleetTestSupport
import Foundation
import Testing

@testable import FleetStore

/// Run history's string lists are written and read by ``StringListJSON``; rows written by
/// Foundation's coders (earlier builds) must read the same, and rows written now must be the
/// coders' text byte for byte.
@Suite("String lists as JSON")
struct StringListJSONTests {
    /// Characters that need care: every ASCII control, quote, backslash, slash, DEL, and
    /// scalars of two, three and four UTF-8 bytes.
    static let alphabet: [Unicode.Scalar] =
        (0...0x7F).compactMap { Unicode.Scalar($0) } + ["é", "\u{0301}", "€", "\u{FFFD}", "𝄞", "😀", "\u{10FFFF}"]

    static func randomLists(count: Int) -> [[String]] {
        var random = SeededRandom(seed: 20_261_202)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in
                var string = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...12, using: &random) {
                    string.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
                }
                return String(string)
            }
        }
    }

    @Test("writes what JSONEncoder writes, and reads it back")
    func agreesWithFoundation() throws {
        let encoder = JSONEncoder()
        for list in Self.randomLists(count: 2_000) {
            let foundation = try encoder.encode(list)
            // Compared as bytes: `==` on strings takes "é" and "e\u{301}" as equal.
            #expect(Array(StringListJSON.encode(list).utf8) == Array(foundation))
            let decoded = StringListJSON.decode(String(decoding: foundation, as: UTF8.self))
            #expect(decoded?.map { Array($0.utf8) } == list.map { Array($0.utf8) })
        }
    }

    @Test(
        "reads any JSON array of strings",
        arguments: [
            (" [ ] ", [String]()),
            ("[\"a\" , \"b\"]\n", ["a", "b"]),
            ("\t[\r\n\"x\"\r\n]", ["x"]),
            (#"["\u00e9\u20AC", "\ud834\udd1e", "\/\b\f\n\r\t\"\\"]"#, ["é€", "𝄞", "/\u{8}\u{C}\n\r\t\"\\"]),
            (#"["\u0000"]"#, ["\u{0}"]),
        ])
    func readsValid(text: String, expected: [String]) throws {
        #expect(StringListJSON.decode(text) == expected)
        #expect(try JSONDecoder().decode([String].self, from: Data(text.utf8)) == expected)
    }

    @Test(
        "refuses anything else",
        arguments: [
            "", "[", "]", "[\"a\"", "[\"a\",]", "[,\"a\"]", "[\"a\" \"b\"]", "[1]", "[null]", "[[\"a\"]]", "{}",
            "\"a\"", "[\"a\"] x", "[\"a\u{1}\"]", "[\"a\nb\"]", #"["\x"]"#, #"["\u12"]"#, #"["\u12G4"]"#,
            #"["\ud834"]"#, #"["\ud834\u0041"]"#, #"["\udd1e"]"#, "[\"a\\", #"["\ud834\ud834"]"#, #"["\ud834"#,
            "[\"a\"]]", "\u{FEFF}[]",
        ])
    func refusesInvalid(text: String) {
        #expect(StringListJSON.decode(text) == nil)
    }
}
