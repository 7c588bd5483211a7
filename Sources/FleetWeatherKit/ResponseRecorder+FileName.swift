internal import FleetWeather

extension ResponseRecorder {
    /// The place a recording's name states, for names in the form ``fileName(latitude:longitude:part:)``
    /// writes (`wx_40.64_-73.78.json`, `wx_40.64_-73.78_1.json`); `nil` for any other name.
    ///
    /// Kept beside the recorder so the name's writer and its reader change together; names are
    /// free, so only this form can be checked against the body a replay finds under it.
    ///
    /// - Parameter name: A file name.
    /// - Returns: The latitude and longitude the name gives, in degrees.
    public static func place(inFileName name: String) -> (latitude: Double, longitude: Double)? {
        guard name.hasPrefix("wx_"), name.hasSuffix(".json") else { return nil }
        let parts = name.dropFirst(3).dropLast(5).split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        func coordinate(_ text: Substring, within bounds: ClosedRange<Double>) -> Double? {
            guard !text.isEmpty, text.count <= 12,
                text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
                let value = Double(text), bounds.contains(value)
            else { return nil }
            return value
        }
        guard let latitude = coordinate(parts[0], within: ValueBounds.latitude),
            let longitude = coordinate(parts[1], within: ValueBounds.longitude)
        else {
            return nil
        }
        return (latitude, longitude)
    }
}
