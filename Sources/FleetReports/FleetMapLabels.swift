internal import FleetHTML
internal import FleetWeather

/// The codes of red stations beside their markers, each put where it overlaps no label placed
/// before it (right, left, above, below, in that order), or left out when every side is taken:
/// piled-up codes could not be read, and the key says how many were left out.
/// Placed labels are kept in a grid of cells, so each placement looks at a few neighbours
/// only: linear in the labels, not quadratic, at thousands of red stations.
struct FleetMapLabels {
    /// The label font (13 px bold in style.css) is about this wide per character, this tall.
    static let characterWidth = 8.5
    static let lineHeight = 13.0

    private struct Box {
        let minX: Double
        let minY: Double
        let maxX: Double
        let maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    private static let cell = 64.0
    private var grid: [Int: [Box]] = [:]
    /// The view's size: a label is not put where it would stick out of the map.
    var bounds = (width: Double.infinity, height: Double.infinity)

    private func key(_ column: Int, _ row: Int) -> Int { row * 1_000 + column }

    private func isFree(_ box: Box) -> Bool {
        guard box.minX >= 0, box.minY >= 0, box.maxX <= bounds.width, box.maxY <= bounds.height else { return false }
        for column in Int((box.minX / Self.cell).rounded(.down))...Int((box.maxX / Self.cell).rounded(.down)) {
            for row in Int((box.minY / Self.cell).rounded(.down))...Int((box.maxY / Self.cell).rounded(.down)) {
                if grid[key(column, row)]?.contains(where: { $0.overlaps(box) }) == true { return false }
            }
        }
        return true
    }

    private mutating func keep(_ box: Box) {
        for column in Int((box.minX / Self.cell).rounded(.down))...Int((box.maxX / Self.cell).rounded(.down)) {
            for row in Int((box.minY / Self.cell).rounded(.down))...Int((box.maxY / Self.cell).rounded(.down)) {
                grid[key(column, row), default: []].append(box)
            }
        }
    }

    /// Keeps labels off a box (the scale bar).
    mutating func reserve(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        keep(Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY))
    }

    /// Adds `code` next to the marker at `(x, y)` where there is room, `spread` further out
    /// when the markers of a spot are set around it.
    ///
    /// - Returns: Whether it was placed.
    mutating func add(_ code: String, x: Double, y: Double, spread: Double = 0, to group: HTMLNode) -> Bool {
        let width = Double(code.count) * Self.characterWidth
        let height = Self.lineHeight
        // (text x, baseline y, anchor, box left)
        let candidates: [(Double, Double, String?, Double)] = [
            (x + 9 + spread, y + 4.5, nil, x + 9 + spread),
            (x - 9 - spread, y + 4.5, "end", x - 9 - spread - width),
            (x, y - 11 - spread, "middle", x - width / 2),
            (x, y + 20 + spread, "middle", x - width / 2),
        ]
        let boxes = candidates.map {
            Box(minX: $0.3, minY: $0.1 - height, maxX: $0.3 + width, maxY: $0.1 + 2)
        }
        guard let index = boxes.firstIndex(where: isFree) else { return false }
        let chosen = candidates[index]
        keep(boxes[index])
        var attributes = [("x", Fixed.whole(chosen.0)), ("y", Fixed.whole(chosen.1))]
        if let anchor = chosen.2 { attributes.append(("text-anchor", anchor)) }
        group.element("text", attributes, text: code)
        return true
    }
}
