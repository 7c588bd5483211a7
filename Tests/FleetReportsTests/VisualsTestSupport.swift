import FleetHTML
import Foundation
import Testing

@testable import FleetReports

/// Renders page fragments into a scratch document and reads chart texts back from the markup.
enum VisualsFixtures {
    /// The markup `fill` adds to an empty page.
    static func render(_ fill: (HTMLNode) -> Void) throws -> String {
        let document = try HTMLDocument(
            template: "<!DOCTYPE html><html><body><main data-slot=\"main\"></main></body></html>", name: "test.html")
        fill(try document.slot("main"))
        return try document.render()
    }

    /// A chart `<text>`: its approximate box (width = characters × font size × 0.6, height
    /// from 0.75 em above the baseline to 0.2 em below), and its content.
    struct TextBox: CustomStringConvertible {
        let content: String
        let minX: Double
        let maxX: Double
        let minY: Double
        let maxY: Double

        func overlaps(_ other: TextBox) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }

        var description: String { "\"\(content)\" [\(Int(minX))…\(Int(maxX)) × \(Int(minY))…\(Int(maxY))]" }
    }

    /// The `<svg class="chart">` elements of a page, each as its markup.
    static func charts(_ html: String) -> [String] {
        html.components(separatedBy: "<svg class=\"chart\"").dropFirst().map { $0.components(separatedBy: "</svg>")[0] }
    }

    /// The text boxes of one chart's markup.
    static func textBoxes(_ chart: String) throws -> [TextBox] {
        let pattern = try NSRegularExpression(pattern: "<text ([^>]*)>([^<]*)</text>")
        let range = NSRange(chart.startIndex..., in: chart)
        return try pattern.matches(in: chart, range: range).map { match in
            let attributes = String(chart[try #require(Range(match.range(at: 1), in: chart))])
            let content = String(chart[try #require(Range(match.range(at: 2), in: chart))])
                .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">")
            func value(_ name: String) -> String? {
                guard let found = attributes.range(of: "\(name)=\"") else { return nil }
                return String(attributes[found.upperBound...].prefix { $0 != "\"" })
            }
            let x = Double(value("x") ?? "") ?? .nan
            let y = Double(value("y") ?? "") ?? .nan
            // Without a size attribute, the 10 px the stylesheet used to give chart text.
            let size = Double(value("font-size") ?? "") ?? 10
            let width = Double(content.count) * size * 0.6
            let minX: Double
            switch value("text-anchor") {
            case "middle": minX = x - width / 2
            case "end": minX = x - width
            default: minX = x
            }
            return TextBox(
                content: content, minX: minX, maxX: minX + width, minY: y - 0.75 * size, maxY: y + 0.2 * size)
        }
    }

    /// Pairs of texts in a chart whose boxes overlap.
    static func overlaps(_ chart: String) throws -> [String] {
        let boxes = try textBoxes(chart)
        var found: [String] = []
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where box.overlaps(other) { found.append("\(box) × \(other)") }
        }
        return found
    }
}
