internal import FleetHTML
internal import Foundation

extension HourlyChart {
    /// Flights whose scheduled times share one label on a chart.
    struct MarkGroup {
        var marks: [(time: Date, label: String)]
        var row = 0

        /// "UA1", or "UA1 +2" for a group of three.
        var text: String {
            let first = marks.first?.label ?? ""
            return marks.count > 1 ? "\(first) +\(marks.count - 1)" : first
        }
    }

    /// Flights closer than this share a label before any is laid out.
    static let groupWindow: TimeInterval = 90 * 60
    /// Rows of labels above the plot before close labels are merged instead.
    static let maxMarkRows = 2

    /// Groups scheduled times so that no two labels overlap: times within ``groupWindow`` of a
    /// group's first time join it, then labels go into the first row where they fit; a label
    /// that fits in no row joins the group before it, and the layout starts again (each round
    /// has one group fewer, so it ends; one group always fits).
    static func groups(_ marks: [(Date, String)], scale: Scale) -> [MarkGroup] {
        var groups: [MarkGroup] = []
        for (time, label) in marks.sorted(by: { $0.0 < $1.0 }) {
            if let first = groups.last?.marks.first, time.timeIntervalSince(first.time) <= groupWindow {
                groups[groups.count - 1].marks.append((time, label))
            } else {
                groups.append(MarkGroup(marks: [(time, label)]))
            }
        }
        while true {
            var rowEnds = [Double](repeating: -.infinity, count: maxMarkRows)
            var conflict: Int?
            for index in groups.indices {
                let extent = labelExtent(groups[index], scale: scale)
                guard let row = rowEnds.firstIndex(where: { $0 + 6 <= extent.from }) else {
                    conflict = index
                    break
                }
                groups[index].row = row
                rowEnds[row] = extent.to
            }
            guard let conflict, conflict > 0 else { return groups }
            groups[conflict - 1].marks += groups[conflict].marks
            groups.remove(at: conflict)
        }
    }

    /// Where a group's label goes: right of its first line, or left of it where the chart
    /// ends first.
    static func labelExtent(_ group: MarkGroup, scale: Scale) -> (from: Double, to: Double, anchor: String) {
        let x = scale.x(group.marks.first?.time ?? scale.start)
        let width = Frame.textWidth(group.text)
        if x + 3 + width <= Frame.width - 2 { return (x + 3, x + 3 + width, "start") }
        let to = max(x - 3, width + 2)
        return (to - width, to, "end")
    }

    /// Draws the scheduled times: a solid line per flight across the plot and the
    /// precipitation band, one label per group with a leader up to its row, and a `<title>`
    /// naming every flight of the group.
    static func drawMarks(_ svg: HTMLNode, groups: [MarkGroup], scale: Scale, zone: String) {
        let frame = scale.frame
        for group in groups {
            let node = svg.element("g", [("class", "sched-group")])
            node.element(
                "title",
                text: "Scheduled: "
                    + group.marks.map {
                        "\($0.label) \(Timestamp.utcClock($0.time)) (\(Timestamp.localClock($0.time, zone: zone)) local)"
                    }.joined(separator: ", "))
            for mark in group.marks {
                let x = f(scale.x(mark.time))
                node.element(
                    "line",
                    [("class", "sched"), ("x1", x), ("x2", x), ("y1", f(frame.plotTop)), ("y2", f(frame.precipBottom))])
            }
            let baseline = frame.markBaseline(group.row)
            let x = f(scale.x(group.marks.first?.time ?? scale.start))
            node.element(
                "line", [("class", "sched"), ("x1", x), ("x2", x), ("y1", f(baseline - 9)), ("y2", f(frame.plotTop))])
            let extent = labelExtent(group, scale: scale)
            text(
                node, extent.anchor == "start" ? extent.from : extent.to, baseline, group.text, anchor: extent.anchor,
                cssClass: "sched-label")
        }
    }

    /// A chart text with its size as an attribute (the overlap test reads it from the markup).
    static func text(
        _ parent: HTMLNode, _ x: Double, _ y: Double, _ content: String, anchor: String = "start",
        cssClass: String? = nil
    ) {
        var attributes = [("x", f(x)), ("y", f(y)), ("font-size", f(Frame.font))]
        if anchor != "start" { attributes.append(("text-anchor", anchor)) }
        if let cssClass { attributes.append(("class", cssClass)) }
        parent.element("text", attributes, text: content)
    }
}
