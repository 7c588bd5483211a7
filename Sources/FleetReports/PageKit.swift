internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetWeather
internal import Foundation

/// Pieces every page shares: the frame (style, script, title), attribution, risk badges,
/// hazard chips and one-line weather summaries.
enum PageKit {
    static let attributionText = "Weather data provided by Apple Weather."
    /// The text mark, shown where no fetched mark is stored (and the marks' `alt`).
    static let markText = "Apple Weather"
    static let planningNote =
        "This report is a planning aid built from Apple WeatherKit forecasts. It is not an official aviation "
        + "weather source: check METAR, TAF and NOTAMs before flight. Flight categories are estimated from "
        + "visibility alone because WeatherKit reports no cloud ceiling."

    /// The slots ``frame(template:templates:title:attributionURL:generated:marks:)`` fills.
    static let frameSlots = ["title", "heading", "style", "script", "attribution-top", "footer"]

    /// Opens a template and fills the parts common to every page (``frameSlots``).
    static func frame(
        template: HTMLTemplate, templates: ReportTemplates, title: String, attributionURL: String,
        generated: String, marks: AttributionMarks? = nil
    ) throws -> HTMLDocument {
        let document = HTMLDocument(template)
        if let body = document.body { ConditionIcons.definitions(body) }
        try document.slot("title").setText(title)
        try document.slot("heading").setText(title)
        try document.slot("style").setText(templates.style)
        try document.slot("script").setText(templates.script)
        attribution(try document.slot("attribution-top"), url: attributionURL, marks: marks)
        let footer = try document.slot("footer")
        attribution(footer, url: attributionURL, marks: marks)
        footer.element("p", [("class", "note")], text: planningNote)
        footer.element("p", [("class", "note")], text: generated)
        return document
    }

    /// The Apple Weather mark, the attribution sentence and the legal link.
    ///
    /// The mark is the fetched light and dark images embedded as `data:image/png;base64,…` URIs
    /// (the style sheet shows one by `prefers-color-scheme`, the light one in print), so a page
    /// requests nothing; without stored marks it is the text mark, and no `<img>` at all
    /// (docs/contract.md §5.4).
    ///
    /// - Parameters:
    ///   - parent: Where the block goes.
    ///   - url: The legal attribution link.
    ///   - marks: The checked PNG marks, or `nil` for the text mark.
    static func attribution(_ parent: HTMLNode, url: String, marks: AttributionMarks? = nil) {
        let block = parent.element("div", [("class", "attribution")])
        let mark = block.element("span", [("class", "mark")])
        let light = marks?.lightDataURI
        let dark = marks?.darkDataURI
        if let light, let dark, SafeURL.isPNGDataURI(light), SafeURL.isPNGDataURI(dark) {
            let alt = marks?.serviceName ?? markText
            mark.element("img", [("class", "mark-light"), ("src", light), ("alt", alt), ("height", "18")])
            mark.element("img", [("class", "mark-dark"), ("src", dark), ("alt", alt), ("height", "18")])
        } else {
            mark.element("span", [("class", "mark-text")], text: markText)
        }
        block.text(" ")
        block.element("span", text: attributionText)
        block.text(" ")
        block.link(url, text: "Other data sources and legal attribution", [("rel", "noopener")])
    }

    static func riskBadge(_ parent: HTMLNode, _ risk: Risk) {
        parent.element("span", [("class", "risk risk-\(risk.rawValue)")], text: risk.rawValue.uppercased())
    }

    /// Alert tags: extreme and severe stand out, the rest are quiet.
    static func alertTags(_ parent: HTMLNode, _ alerts: [WeatherAlertSummary]) {
        for alert in alerts {
            let major = alert.standsOut
            let tag = parent.element("span", [("class", major ? "hazard hazard-red" : "alert-minor")])
            tag.text("\(major ? "ALERT" : "alert") (\(alert.severity?.token ?? "unknown")): \(alert.description ?? "")")
        }
    }

    /// Local time with the UTC time under it.
    static func times(_ parent: HTMLNode, _ date: Date, zone: String) {
        parent.text("\(Timestamp.dayLabel(date, zone: zone)) \(Timestamp.localClock(date, zone: zone)) local")
        parent.element("span", [("class", "utc")], text: "\(Timestamp.dayLabel(date)) \(Timestamp.utcClock(date))")
    }

    /// "Thunderstorms · 24 °C · wind 240° 12 G28 kt · vis 9.7 km (6.0 SM) · VFR (est.)".
    static func weatherLine(_ hour: HourWeather?, category: FlightCategory?) -> String {
        guard let hour else { return "no forecast" }
        var parts: [String] = []
        parts.append(hour.conditionCode?.label ?? "condition unknown")
        if let temperature = hour.temperature { parts.append(Fixed.whole(temperature) + " °C") }
        parts.append(wind(hour))
        if let visibility = hour.visibility { parts.append("vis " + Units.visibility(visibility)) }
        if let chance = hour.precipitationChance, chance > 0, let type = hour.precipitationType, type != .clear {
            parts.append(Fixed.whole(chance * 100) + "% " + type.token)
        }
        if let category { parts.append("\(category.rawValue) (est.)") }
        return parts.joined(separator: " · ")
    }

    static func wind(_ hour: HourWeather) -> String {
        guard let speed = hour.windSpeed else { return "wind n/a" }
        var text = "wind "
        if let direction = hour.windDirection {
            let degrees = Fixed.whole(direction)
            text += String(repeating: "0", count: max(0, 3 - degrees.count)) + degrees + "° "
        }
        text += Fixed.whole(Units.knots(fromKmh: speed))
        if let gust = hour.windGust, Units.knots(fromKmh: gust) >= Units.knots(fromKmh: speed) + 5 {
            text += " G" + Fixed.whole(Units.knots(fromKmh: gust))
        }
        return text + " kt"
    }

    /// The data-status badge of an end ("STALE 2 h", "NO DATA").
    ///
    /// - Parameter missingReason: Whether missing data is followed by its reason (not on a station
    ///   board, whose status column gives it).
    static func dataBadge(_ parent: HTMLNode, _ end: EndBriefing, now: Date, missingReason: Bool = true) {
        switch end.data {
        case .fresh: break
        case .stale(let since, let reason):
            let hours = max(0, now.timeIntervalSince(since)) / 3600
            parent.element(
                "span", [("class", "stale"), ("title", reason)],
                text: "STALE \(Fixed.whole(hours.rounded(.up))) h")
        case .missing(let reason):
            // An end with an hour but some values absent is incomplete, not empty.
            parent.element("span", [("class", "stale")], text: end.hour == nil ? "NO DATA" : "INCOMPLETE")
            if missingReason { parent.element("span", [("class", "muted")], text: " " + reason) }
        }
    }

    /// At most this many station codes are named in one list (the airports of an alert); the rest
    /// are counted: an alert over a region can cover hundreds.
    static let stationCap = 20

    /// `JFK, LGA, +3 more`: the codes, each linked to its station page, up to ``stationCap``.
    ///
    /// - Parameters:
    ///   - parent: The element the list goes in.
    ///   - codes: The airport codes, in the order named.
    ///   - level: Where the page sits, for the links.
    static func stationLinks(_ parent: HTMLNode, codes: [String], level: ReportLinks.Level) {
        for (index, code) in codes.prefix(stationCap).enumerated() {
            if index > 0 { parent.text(", ") }
            parent.element("a", [("href", ReportLinks.station(code, from: level))], text: code)
        }
        if codes.count > stationCap { parent.text(", +\(codes.count - stationCap) more") }
    }

    static func airportName(_ airport: Airport) -> String {
        airport.city.isEmpty || airport.name.contains(airport.city) ? airport.name : "\(airport.city), \(airport.name)"
    }
}
