import Foundation

@testable import FleetReports

/// Reads the fleet map's path data (absolute `M`, relative `l` and `q`, repeats implicit) back
/// into absolute pieces, for the arc tests.
enum MapPathReader {
    /// One drawn piece: a line (no control point) or a quadratic Bézier.
    struct Piece {
        let start: (x: Double, y: Double)
        let control: (x: Double, y: Double)?
        let end: (x: Double, y: Double)

        /// The point at `t` along the piece.
        func at(_ t: Double) -> (x: Double, y: Double) {
            guard let control else { return (start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t) }
            let a = (1 - t) * (1 - t)
            let b = 2 * t * (1 - t)
            let c = t * t
            return (a * start.x + b * control.x + c * end.x, a * start.y + b * control.y + c * end.y)
        }
    }

    /// The pieces of `data`; nil when it holds a command this reader does not know.
    static func pieces(_ data: String) -> [Piece]? {
        var tokens: [String] = []
        var number = ""
        func flush() {
            if !number.isEmpty { tokens.append(number) }
            number = ""
        }
        for character in data {
            if character.isLetter {
                flush()
                tokens.append(String(character))
            } else if character == "-" {
                flush()
                number = "-"
            } else if character == " " {
                flush()
            } else {
                number.append(character)
            }
        }
        flush()
        var pieces: [Piece] = []
        var current = (x: 0.0, y: 0.0)
        var command = ""
        var index = 0
        func next() -> Double? {
            guard index < tokens.count, let value = Double(tokens[index]) else { return nil }
            index += 1
            return value
        }
        while index < tokens.count {
            if let letter = tokens[index].first, letter.isLetter {
                command = tokens[index]
                index += 1
            }
            switch command {
            case "M":
                guard let x = next(), let y = next() else { return nil }
                current = (x, y)
            case "l":
                guard let dx = next(), let dy = next() else { return nil }
                let end = (x: current.x + dx, y: current.y + dy)
                pieces.append(Piece(start: current, control: nil, end: end))
                current = end
            case "q":
                guard let cx = next(), let cy = next(), let dx = next(), let dy = next() else { return nil }
                let end = (x: current.x + dx, y: current.y + dy)
                pieces.append(Piece(start: current, control: (current.x + cx, current.y + cy), end: end))
                current = end
            default: return nil
            }
        }
        return pieces
    }
}
