/// SVG path data in whole view units, written as compactly as SVG allows: relative commands
/// after the first point, no space before a minus sign, repeated commands left implicit. The
/// map's view is 1000 units wide, so a unit is about a screen pixel and finer digits would only
/// add bytes (the index must stay small at 4,000 stations).
struct FleetMapPath {
    private(set) var data = ""
    /// The last point written, in rounded units (relative steps are taken from it so rounding
    /// never accumulates).
    private var current = (x: 0, y: 0)
    private var command: Character = " "

    var isEmpty: Bool { data.isEmpty }

    /// Starts a subpath at an absolute point.
    mutating func move(_ x: Double, _ y: Double) {
        let point = (x: Int(x.rounded()), y: Int(y.rounded()))
        append("M", [point.x, point.y])
        current = point
    }

    /// A straight step to `(x, y)`; skipped when it rounds to no step at all.
    ///
    /// - Returns: Whether anything was written.
    @discardableResult
    mutating func line(_ x: Double, _ y: Double) -> Bool {
        let point = (x: Int(x.rounded()), y: Int(y.rounded()))
        guard point != current else { return false }
        append("l", [point.x - current.x, point.y - current.y])
        current = point
        return true
    }

    /// A quadratic Bézier to `(x, y)` with control point `(cx, cy)`.
    mutating func quad(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) {
        let control = (x: Int(cx.rounded()), y: Int(cy.rounded()))
        let point = (x: Int(x.rounded()), y: Int(y.rounded()))
        append("q", [control.x - current.x, control.y - current.y, point.x - current.x, point.y - current.y])
        current = point
    }

    /// Closes the subpath.
    mutating func close() {
        data.append("z")
        command = "z"
    }

    private mutating func append(_ letter: Character, _ numbers: [Int]) {
        if letter != command || letter == "M" {
            data.append(letter)
            command = letter
        } else if let first = numbers.first, first >= 0 {
            data.append(" ")
        }
        for (index, number) in numbers.enumerated() {
            if index > 0, number >= 0 { data.append(" ") }
            data.append(String(number))
        }
    }
}
