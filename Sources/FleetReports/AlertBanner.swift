internal import FleetAirports
internal import FleetBriefing
internal import FleetHTML
internal import FleetSchedule
internal import FleetWeather
internal import Foundation

/// The red banner at the top of the index and of each route page concerned: every extreme or
/// severe alert in force within the window of a scheduled time, so it is read before anything
/// else (at the bottom of the index it sat 14,000 px down on a phone).
enum AlertBanner {
    /// The template slot the banner goes in.
    static let slot = "banner"

    /// One alert and where it matters.
    struct Entry {
        let alert: WeatherAlertSummary
        /// Airport code → its time zone, for the airports the alert overlaps a scheduled time at.
        var airports: [String: String]
        /// "UA1 dep JFK" for each flight end it concerns, in time order.
        var ends: [(time: Date, label: String)]
    }

    /// Where the banner goes: the `banner` slot, or, in a template made before the banner existed,
    /// the page's first content slot (`fallback`), which the caller fills after the banner so the
    /// banner is its first child. A missing `banner` slot is therefore not an error, and
    /// templates need not be edited to get it.
    ///
    /// - Parameters:
    ///   - document: The page.
    ///   - fallback: The slot to use when the template has no `banner` slot.
    /// - Returns: The element to render the banner into.
    /// - Throws: The fallback slot's ``HTMLError`` when the template has neither.
    static func place(in document: HTMLDocument, fallback: String) throws(HTMLError) -> HTMLNode {
        try document.slot(slot, fallback: fallback)
    }

    /// The extreme and severe alerts of `ends`, most severe first, then by start.
    ///
    /// - Parameter ends: The page's flight ends: both ends of each flight on the index and route
    ///   pages, only its own on a station page.
    static func entries(_ ends: some Collection<FlightEnd>) -> [Entry] {
        var entries: [Entry] = []
        var position: [String: Int] = [:]
        for flightEnd in ends {
            let end = flightEnd.end
            for alert in end.majorAlerts {
                let id = alert.identity
                let index = position[id] ?? entries.count
                if position[id] == nil {
                    position[id] = index
                    entries.append(Entry(alert: alert, airports: [:], ends: []))
                }
                entries[index].airports[end.airport.code] = end.airport.timeZone
                entries[index].ends.append((end.time, "\(flightEnd.number) \(flightEnd.role) \(end.airport.code)"))
            }
        }
        return entries.map { entry in
            var sorted = entry
            sorted.ends.sort { ($0.time, $0.label) < ($1.time, $1.label) }
            return sorted
        }.sorted { lhs, rhs in
            let left = lhs.alert.severity?.rank ?? 4
            let right = rhs.alert.severity?.rank ?? 4
            if left != right { return left < right }
            return (lhs.alert.start ?? .distantPast) < (rhs.alert.start ?? .distantPast)
        }
    }

    /// At most this many alerts are listed (the most severe first); the rest are counted. A
    /// banner of hundreds of alerts is read by no one and would push the page down.
    static let alertCap = 20

    /// Renders the banner, or nothing at all (no element) when no extreme or severe alert
    /// overlaps a scheduled time.
    ///
    /// - Parameters:
    ///   - parent: The `banner` slot (see ``place(in:fallback:)``).
    ///   - ends: The page's flight ends (``entries(_:)``).
    ///   - level: Where the page sits, for the station links of the airports named: `.nested`
    ///     (route and station pages) unless the index says `.top`.
    static func render(_ parent: HTMLNode, _ ends: some Collection<FlightEnd>, level: ReportLinks.Level = .nested) {
        let entries = entries(ends)
        guard !entries.isEmpty else { return }
        let banner = parent.element("section", [("role", "alert"), ("class", "alert-banner")])
        let count =
            entries.count == 1
            ? "1 extreme or severe weather alert" : "\(entries.count) extreme or severe weather alerts"
        banner.element("h2", text: "\(count) in force at scheduled times")
        let list = banner.element("ul")
        for entry in entries.prefix(alertCap) { item(list, entry, level: level) }
        if entries.count > alertCap {
            banner.element(
                "p", [("class", "alert-banner-flights")],
                text: "\(entries.count - alertCap) more not listed here: the station page of each airport "
                    + "concerned shows its alerts.")
        }
    }

    private static func item(_ list: HTMLNode, _ entry: Entry, level: ReportLinks.Level) {
        let alert = entry.alert
        let item = list.element("li")
        let title = item.element("p", [("class", "alert-banner-title")])
        title.element("span", [("class", "alert-tag")], text: (alert.severity?.token ?? "unknown") + " ")
        title.element("strong", text: alert.description ?? "Weather alert")
        if let phenomenon = alert.phenomenon, !phenomenon.isEmpty, phenomenon != alert.description {
            title.text(" (\(phenomenon))")
        }
        let codes = entry.airports.keys.sorted()
        title.text(" — ")
        PageKit.stationLinks(title, codes: codes, level: level)
        var parts: [String] = []
        let zone = codes.count == 1 ? entry.airports[codes[0]] : nil
        if let span = span(alert, zone: zone) { parts.append(span) }
        if let source = alert.source { parts.append("Issued by \(source)") }
        if let area = alert.areaName { parts.append(area) }
        let meta = item.element("p", [("class", "alert-banner-meta")])
        meta.text(parts.joined(separator: " · ") + (parts.isEmpty ? "" : " "))
        meta.link(alert.detailsUrl, text: "Full alert text", [("rel", "noopener")])
        let shown = entry.ends.prefix(8).map(\.label)
        let more = entry.ends.count > shown.count ? ", +\(entry.ends.count - shown.count) more" : ""
        item.element(
            "p", [("class", "alert-banner-flights")], text: "Flights: " + shown.joined(separator: ", ") + more)
    }

    /// "Tue 1 Dec 14:00Z (08:00 local) – Wed 2 Dec 20:00Z (14:00 local)", local time when the
    /// alert concerns one airport; `nil` when the alert has neither start nor end.
    static func span(_ alert: WeatherAlertSummary, zone: String?) -> String? {
        func moment(_ date: Date) -> String {
            zone.map { Timestamp.utcAndLocal(date, zone: $0) }
                ?? "\(Timestamp.dayLabel(date)) \(Timestamp.utcClock(date))"
        }
        // In force from when it takes effect; the weather itself may begin later, and says so.
        var onset = ""
        if let from = alert.eventOnsetTime, let start = alert.start, from > start {
            onset = "; weather from \(moment(from))"
        }
        switch (alert.start, alert.end) {
        case (let start?, let end?): return "in force \(moment(start)) – \(moment(end))" + onset
        case (let start?, nil): return "in force from \(moment(start)), no end given" + onset
        case (nil, let end?): return "until \(moment(end))"
        case (nil, nil): return nil
        }
    }
}
