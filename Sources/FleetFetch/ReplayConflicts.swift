internal import FleetWeather
internal import FleetWeatherKit
internal import Foundation

/// The bodies recorded at one location, merged, with what two files disagree on taken out.
///
/// The parts of one long window never overlap in their hours, and the same file copied twice
/// agrees with itself, so two files that give one hour (or day, or the current conditions of
/// one instant) different values are two nights, or one edited: there is no telling which is
/// right, so that data is used from neither, and a warning names both files. The flights
/// there end partial ("no forecast hour"), never briefed with a guess.
struct RecordedMerge {
    /// Two files and the data set they disagree on.
    struct Conflict: Hashable {
        let first: String
        let second: String
        let dataSet: DataSet
    }

    private var merged = CellWeather()
    /// The first file's body, not yet indexed (see ``add(_:from:)``).
    private var first: (file: String, response: WeatherResponse)?
    /// Whether a second body came, so every body is indexed.
    private var indexed = false
    private var hours: [Date: (file: String, hour: HourWeather)] = [:]
    private var days: [Date: (file: String, day: DayWeather)] = [:]
    private var currents: [Date: (file: String, current: CurrentWeather)] = [:]
    /// What each pair of files disagrees on: the starts (or `asOf`) of the entries.
    private var conflicts: [Conflict: [Date]] = [:]

    /// Adds one file's body.
    ///
    /// - Parameters:
    ///   - response: The decoded body.
    ///   - file: Its file name.
    mutating func add(_ response: WeatherResponse, from file: String) {
        // Most places have one file, which cannot disagree with itself: its entries are indexed
        // only when a second file comes (a dictionary entry per hour was most of the merge).
        if first == nil, !indexed {
            first = (file, response)
        } else {
            if let pending = first {
                first = nil
                index(pending.response, from: pending.file)
            }
            indexed = true
            index(response, from: file)
        }
        merged.merge(response)
    }

    /// Notes each entry of a file's body by its start, and where it disagrees with another file.
    private mutating func index(_ response: WeatherResponse, from file: String) {
        for hour in response.forecastHourly?.hours ?? [] {
            guard let start = hour.forecastStart else { continue }
            if let seen = hours[start] {
                if seen.file != file, seen.hour != hour { disagree(seen.file, file, .forecastHourly, at: start) }
            } else {
                hours[start] = (file, hour)
            }
        }
        for day in response.forecastDaily?.days ?? [] {
            guard let start = day.forecastStart else { continue }
            if let seen = days[start] {
                if seen.file != file, seen.day != day { disagree(seen.file, file, .forecastDaily, at: start) }
            } else {
                days[start] = (file, day)
            }
        }
        if let current = response.currentWeather, let asOf = current.asOf {
            // Metadata (read and expiry times) may differ between two fetches of one instant;
            // the conditions themselves may not.
            var values = current
            values.metadata = nil
            if let seen = currents[asOf] {
                if seen.file != file, seen.current != values { disagree(seen.file, file, .currentWeather, at: asOf) }
            } else {
                currents[asOf] = (file, values)
            }
        }
    }

    private mutating func disagree(_ first: String, _ second: String, _ dataSet: DataSet, at date: Date) {
        conflicts[Conflict(first: first, second: second, dataSet: dataSet), default: []].append(date)
    }

    /// The merged weather without anything two files disagree on.
    var weather: CellWeather {
        guard !conflicts.isEmpty else { return merged }
        var result = merged
        var refused: [DataSet: Set<Date>] = [:]
        for (conflict, dates) in conflicts { refused[conflict.dataSet, default: []].formUnion(dates) }
        if let starts = refused[.forecastHourly] {
            result.hours.removeAll { starts.contains($0.forecastStart ?? .distantPast) }
        }
        if let starts = refused[.forecastDaily] {
            result.days.removeAll { starts.contains($0.forecastStart ?? .distantPast) }
        }
        if let instants = refused[.currentWeather], let asOf = result.current?.asOf, instants.contains(asOf) {
            result.current = nil
        }
        return result
    }

    /// One warning per pair of files and data set, in a stable order.
    ///
    /// - Parameter location: Where the files were recorded.
    /// - Returns: The warnings.
    func warnings(at location: RecordedPlace.Location) -> [String] {
        guard !conflicts.isEmpty else { return [] }
        let place = location.text
        return conflicts.sorted {
            ($0.key.first, $0.key.second, $0.key.dataSet) < ($1.key.first, $1.key.second, $1.key.dataSet)
        }
        .map { conflict, dates in
            let first = dates.min().map(WeatherJSON.formatDate) ?? ""
            let what: String
            switch conflict.dataSet {
            case .forecastHourly: what = "\(dates.count) \(dates.count == 1 ? "hour" : "hours") from \(first)"
            case .forecastDaily: what = "\(dates.count) \(dates.count == 1 ? "day" : "days") from \(first)"
            default: what = "as of \(first)"
            }
            return "\(conflict.first) and \(conflict.second) record different weather for \(place) "
                + "(\(conflict.dataSet.rawValue), \(what)); that data is used from neither file: keep one "
                + "night's recordings per folder"
        }
    }
}
