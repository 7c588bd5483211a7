public import FleetPlan
public import FleetWeather
internal import FleetWeatherKit

/// The recorded bodies of one location (their `metadata.latitude`/`longitude`).
public struct RecordedPlace: Sendable {
    /// A recorded location in whole micro-degrees, rounded by the rule cell keys use.
    public struct Location: Sendable, Hashable {
        /// North.
        public let latitude: MicroDegrees
        /// East.
        public let longitude: MicroDegrees

        /// Creates a location from degrees.
        ///
        /// - Parameter degrees: The location as a body states it.
        public init(_ degrees: (latitude: Double, longitude: Double)) {
            latitude = MicroDegrees(degrees: degrees.latitude)
            longitude = MicroDegrees(degrees: degrees.longitude)
        }

        /// The location as messages word places (``PlaceMatch/text(_:)``).
        var text: String { PlaceMatch.text(latitude: latitude, longitude: longitude) }
    }

    /// Where the bodies were recorded.
    public let location: Location
    /// Every body recorded there, merged (the parts of a long window).
    public let weather: CellWeather

    /// Creates a place.
    public init(location: Location, weather: CellWeather) {
        self.location = location
        self.weather = weather
    }

    /// South to north, then west to east: the order places are searched and ties settled in.
    public func precedes(_ other: RecordedPlace) -> Bool {
        (location.latitude, location.longitude) < (other.location.latitude, other.location.longitude)
    }
}

extension ReplaySource {
    /// Weather by cell: for the cell each recorded location rounds to, what a run on this grid
    /// replays there (see ``recording(for:)``).
    public var weather: [CellKey: CellWeather] {
        var result: [CellKey: CellWeather] = [:]
        for place in places {
            let key = grid.key(latitude: place.location.latitude, longitude: place.location.longitude)
            if result[key] == nil, let recorded = recording(for: key) { result[key] = recorded.weather }
        }
        return result
    }

    /// The recording for a cell: the recorded location nearest the cell's centre, if one lies
    /// within half a grid step of it on both axes (a location exactly half a step away counts,
    /// so a body recorded on the edge between two cells serves both).
    ///
    /// Why not the cell the location rounds to: a recording made elsewhere, or by a tool that
    /// rounds halves another way, may sit on a cell edge; nearest-within-half-a-step finds it
    /// from either side. Distances are in micro-degrees, longitude across the antimeridian.
    /// Ties go to the first place in ``RecordedPlace/precedes(_:)`` order.
    ///
    /// - Parameter cell: The cell.
    /// - Returns: The place, or `nil` when none is close enough.
    public func recording(for cell: CellKey) -> RecordedPlace? {
        recordings(for: cell).first
    }

    /// Every recorded location within half a grid step of a cell's centre, nearest first (ties
    /// in ``RecordedPlace/precedes(_:)`` order): the first is the one replayed there.
    ///
    /// - Parameter cell: The cell.
    /// - Returns: The places, nearest first.
    public func recordings(for cell: CellKey) -> [RecordedPlace] {
        let latitude = MicroDegrees(degrees: cell.latitude).value
        let longitude = MicroDegrees(degrees: cell.longitude).value
        let half = grid.step / 2  // whole micro-degrees: 2·d ≤ step ⇔ d ≤ ⌊step / 2⌋
        var index = firstPlace(atLeast: latitude - half)
        var found: [(place: RecordedPlace, distance: Int64)] = []
        while index < places.count, places[index].location.latitude.value <= latitude + half {
            let place = places[index]
            index += 1
            let east = PlaceMatch.eastWest(place.location.longitude.value, longitude)
            guard east <= half else { continue }
            let north = place.location.latitude.value - latitude
            found.append((place, north * north + east * east))
        }
        // A stable sort keeps the search order (south to north, west to east) among ties.
        return found.enumerated().sorted { ($0.element.distance, $0.offset) < ($1.element.distance, $1.offset) }
            .map(\.element.place)
    }

    /// The index of the first place at or north of a latitude (binary search).
    private func firstPlace(atLeast latitude: Int64) -> Int {
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle].location.latitude.value < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
