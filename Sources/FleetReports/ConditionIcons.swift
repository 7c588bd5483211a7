internal import FleetHTML
internal import FleetWeather

/// Condition icons: one inline SVG symbol per family of `conditionCode`, defined once per page
/// and drawn with `<use>`, so a page with hundreds of icons carries the path data once and
/// needs no image file (pages are self-contained, issue 11 item 8).
///
/// Each icon is named by the condition's text exactly as the page prints it (its `<title>` and
/// `aria-label`), and families differ in shape as well as colour (`wx-FAMILY` classes in
/// Templates/style.css): colour is never the only difference.
enum ConditionIcons {
    /// A family of conditions that share a glyph. The raw value names the symbol (`wx-rain`)
    /// and the CSS class (`wx wx-rain`).
    enum Family: String, CaseIterable, Sendable {
        case clear
        case partlyCloudy = "partly-cloudy"
        case cloudy, fog, drizzle, rain
        case heavyRain = "heavy-rain"
        case freezing, sleet, snow
        case heavySnow = "heavy-snow"
        case hail, thunder, tropical, windy, hot, frigid, unknown

        /// Path data on a 24 × 24 grid, drawn with the symbol's round 2-unit stroke, and the
        /// filled parts (hail stones, the cloud's tint), drawn with `currentColor`.
        var strokes: [String] {
            switch self {
            case .clear: [Glyph.sunRays, Glyph.sunDisc]
            case .partlyCloudy:
                ["M8 3v1M3 8h1M4.5 4.5l.7.7M11.5 4.5l-.7.7M5.4 10.6a3 3 0 1 1 5.2-3", Glyph.lowCloud]
            case .cloudy: [Glyph.cloud]
            case .fog: ["M3 7h18M5 11h14M3 15h18M7 19h10"]
            case .drizzle: [Glyph.highCloud, "M8 18v.5M12 20v.5M16 18v.5M10 22v.01M14 22v.01"]
            case .rain: [Glyph.highCloud, "M8 17l-1.5 4M12 17l-1.5 4M16 17l-1.5 4"]
            case .heavyRain: [Glyph.highCloud, "M6 16l-2 6M10 16l-2 6M14 16l-2 6M18 16l-2 6"]
            case .freezing: [Glyph.highCloud, "M8 16l-1 3M12 16l-1 3M16 16l-1 3M4 22h16"]
            case .sleet: [Glyph.highCloud, "M8 16l-1.5 4", "M15 16v5M12.8 17.2l4.4 2.6M12.8 19.8l4.4-2.6"]
            case .snow:
                [
                    Glyph.highCloud, "M8 16v5M5.8 17.2l4.4 2.6M5.8 19.8l4.4-2.6",
                    "M16 16v5M13.8 17.2l4.4 2.6M13.8 19.8l4.4-2.6",
                ]
            case .heavySnow:
                ["M12 2v20M3.3 7l17.4 10M3.3 17l17.4-10", "M9.5 3.5l2.5 2 2.5-2M9.5 20.5l2.5-2 2.5 2"]
            case .hail: [Glyph.highCloud]
            case .thunder: [Glyph.highCloud, "M13 14l-3 4.5h4l-3 4.5"]
            case .tropical: ["M12 9a8 8 0 0 1 8-6M12 15a8 8 0 0 1-8 6", "M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0z"]
            case .windy: ["M3 8h10a3 3 0 1 0-3-3M3 12h15a3 3 0 1 1-3 3M3 16h7"]
            case .hot: [Glyph.thermometer, "M12 8v9", "M18 4l1.5-1.5M18.5 8h2.5M18 12l1.5 1.5"]
            case .frigid: [Glyph.thermometer, "M12 15v2", "M19 3v6M16.4 4.5l5.2 3M16.4 7.5l5.2-3"]
            case .unknown:
                [
                    "M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z",
                    "M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.7v.5M12 17v.01",
                ]
            }
        }

        /// Shapes filled with `currentColor`: hail stones, and the tint that tells overcast
        /// from a cloud outline at small sizes.
        var fills: [(path: String, opacity: String)] {
            switch self {
            case .cloudy: [(Glyph.cloud, ".25")]
            case .hail:
                [
                    (
                        "M9.5 18a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM13.5 21a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0zM17.5 18a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0z",
                        "1"
                    )
                ]
            default: []
            }
        }
    }

    /// Shared outlines.
    private enum Glyph {
        static let sunDisc = "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0z"
        static let sunRays =
            "M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
        /// A cloud filling the grid.
        static let cloud = "M7 18a4 4 0 0 1-.6-7.95A6 6 0 0 1 17.7 9.1 4.5 4.5 0 0 1 17 18z"
        /// A cloud in the upper part, leaving room for what falls from it.
        static let highCloud = "M7 14a4 4 0 0 1-.6-7.95A6 6 0 0 1 17.7 5.1 4.5 4.5 0 0 1 17 14z"
        /// A smaller cloud at the lower right, in front of a sun.
        static let lowCloud = "M9 20a3.5 3.5 0 0 1-.5-6.96A5 5 0 0 1 18 12.3 3.8 3.8 0 0 1 17.5 20z"
        static let thermometer = "M10 14V5a2 2 0 0 1 4 0v9a4 4 0 1 1-4 0z"
    }

    /// The family of a condition; `nil` (no condition in the data) and codes this version
    /// does not know are ``Family/unknown``.
    static func family(_ code: ConditionCode?) -> Family {
        guard let code else { return .unknown }
        switch code {
        case .clear: return .clear
        case .mostlyClear, .partlyCloudy: return .partlyCloudy
        case .mostlyCloudy, .cloudy: return .cloudy
        case .foggy, .haze, .smoky, .blowingDust: return .fog
        case .drizzle: return .drizzle
        case .rain, .sunShowers: return .rain
        case .heavyRain: return .heavyRain
        case .freezingDrizzle, .freezingRain: return .freezing
        case .sleet, .wintryMix: return .sleet
        case .flurries, .sunFlurries, .snow: return .snow
        case .heavySnow, .blizzard, .blowingSnow: return .heavySnow
        case .hail: return .hail
        case .isolatedThunderstorms, .scatteredThunderstorms, .thunderstorms, .strongStorms: return .thunder
        case .tropicalStorm, .hurricane: return .tropical
        case .breezy, .windy: return .windy
        case .hot: return .hot
        case .frigid: return .frigid
        case .unknown: return .unknown
        }
    }

    /// The condition's text as pages print it, which is also the icon's accessible name.
    static func label(_ code: ConditionCode?) -> String {
        code?.label ?? "Condition unknown"
    }

    /// Adds the symbol set (every family, about 3 KB) in a hidden, zero-size `<svg>`: call once
    /// per page (``PageKit/frame(template:name:templates:title:attributionURL:generated:)`` does).
    ///
    /// Not `display: none`, which in some browsers also hides what `<use>` draws from it.
    static func definitions(_ parent: HTMLNode) {
        parent.append(definitionsFragment)
    }

    /// The symbol set, built once per process: every page carries the same.
    private static let definitionsFragment = HTMLFragment(context: "body") { parent in
        let svg = parent.element(
            "svg",
            [
                ("class", "wx-defs"), ("aria-hidden", "true"), ("focusable", "false"), ("width", "0"),
                ("height", "0"), ("xmlns", "http://www.w3.org/2000/svg"),
            ])
        for family in Family.allCases {
            let symbol = svg.element(
                "symbol",
                [
                    ("id", "wx-\(family.rawValue)"), ("viewBox", "0 0 24 24"), ("fill", "none"),
                    ("stroke", "currentColor"), ("stroke-width", "2"), ("stroke-linecap", "round"),
                    ("stroke-linejoin", "round"),
                ])
            for fill in family.fills {
                symbol.element(
                    "path",
                    [("d", fill.path), ("fill", "currentColor"), ("fill-opacity", fill.opacity), ("stroke", "none")]
                )
            }
            for path in family.strokes { symbol.element("path", [("d", path)]) }
        }
    }

    /// Draws the icon of a condition: `<svg class="wx wx-FAMILY" role="img" aria-label="…">`
    /// with a `<title>` of the same text and a `<use>` of the family's symbol.
    ///
    /// A route page draws about 150 icons, so those of the known conditions are built once per
    /// process (``knownIcons``); a condition Apple added later is drawn each time.
    ///
    /// - Parameters:
    ///   - parent: Where to add it.
    ///   - code: The condition, or `nil` when the data has none.
    static func icon(_ parent: HTMLNode, _ code: ConditionCode?) {
        let made = code.map { knownIcons[$0] } ?? noConditionIcon
        if let fragment = made {
            parent.append(fragment)
        } else {
            draw(parent, code)
        }
    }

    private static let knownIcons: [ConditionCode: HTMLFragment] = Dictionary(
        uniqueKeysWithValues: ConditionCode.known.values.map { code in
            (code, HTMLFragment(context: "span") { draw($0, code) })
        })

    private static let noConditionIcon = HTMLFragment(context: "span") { draw($0, nil) }

    private static func draw(_ parent: HTMLNode, _ code: ConditionCode?) {
        let family = family(code)
        let name = label(code)
        let svg = parent.element(
            "svg",
            [
                // No viewBox or xmlns: the symbol's own viewBox scales it into the CSS size, and
                // an inline <svg> in HTML needs no namespace. Drawn thousands of times per run.
                ("class", "wx wx-\(family.rawValue)"), ("role", "img"), ("aria-label", name), ("width", "24"),
                ("height", "24"),
            ])
        svg.element("title", text: name)
        svg.element("use", [("href", "#wx-\(family.rawValue)")])
    }
}
