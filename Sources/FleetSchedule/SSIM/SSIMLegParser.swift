internal import FleetAirports

/// Reads a flight leg record (type 3) into an ``SSIMLeg``, or says everything wrong with it.
///
/// Independent fields (designator, dates, days, stations, times, variations) are all checked
/// and reported together, so a scheduler fixes a record in one pass; what needs several good
/// fields (the period's order, its days, the block time) is checked once those are good.
struct SSIMLegParser {
    let airports: AirportDirectory
    let mode: SSIMTimeMode

    /// What a record reads as.
    enum Outcome {
        case leg(SSIMLeg)
        case rejected([SSIMProblem])
    }

    /// Reads a 200-byte type 3 record.
    func parse(_ record: SSIMRecord) -> Outcome {
        var problems: [SSIMProblem] = []
        let designator = designator(record).collect(into: &problems)
        let from = date(record, "period of operation from", SSIMLayout.periodFrom).collect(into: &problems)
        let to = date(record, "period of operation to", SSIMLayout.periodTo).collect(into: &problems)
        let weekdays = Self.weekdays(record.text(SSIMLayout.daysOfOperation)).collect(into: &problems)
        let fortnightly = Self.frequency(record.text(SSIMLayout.frequencyRate)).collect(into: &problems)
        let origin = station(record, "departure station", SSIMLayout.departureStation).collect(into: &problems)
        let destination = station(record, "arrival station", SSIMLayout.arrivalStation).collect(into: &problems)
        let departure = time(record, "aircraft departure time", SSIMLayout.aircraftDeparture).collect(into: &problems)
        let arrival = time(record, "aircraft arrival time", SSIMLayout.aircraftArrival).collect(into: &problems)
        let departureVariation = variation(record, "departure time variation", SSIMLayout.departureVariation).collect(
            into: &problems)
        let arrivalVariation = variation(record, "arrival time variation", SSIMLayout.arrivalVariation).collect(
            into: &problems)
        let departureDays = dateVariation(record, "departure date variation", SSIMLayout.departureDateVariation)
            .collect(into: &problems)
        let arrivalDays = dateVariation(record, "arrival date variation", SSIMLayout.arrivalDateVariation).collect(
            into: &problems)
        guard let designator, let from, let to, let weekdays, let fortnightly, let origin, let destination,
            let departure, let arrival, let departureVariation, let arrivalVariation, let departureDays,
            let arrivalDays, problems.isEmpty
        else { return .rejected(problems) }
        if RowValidator.isSameAirport(origin, destination) {
            return .rejected([.sameStation(record.trimmed(SSIMLayout.departureStation), airport: origin.name)])
        }
        let fromDay: Int? = if case .day(let day) = from { day } else { nil }
        let toDay: Int? = if case .day(let day) = to { day } else { nil }
        let fromText = record.text(SSIMLayout.periodFrom)
        let toText = record.text(SSIMLayout.periodTo)
        if let fromDay, let toDay, toDay < fromDay { return .rejected([.periodReversed(from: fromText, to: toText)]) }
        if fortnightly, fromDay == nil { return .rejected([.fortnightlyOpenStart]) }
        let aircraft = record.trimmed(SSIMLayout.aircraftType)
        let leg = SSIMLeg(
            designator: designator,
            itineraryVariation: record.trimmed(SSIMLayout.itineraryVariationOverflow)
                + record.text(SSIMLayout.itineraryVariation),
            fromDay: fromDay, toDay: toDay, weekdays: weekdays, fortnightly: fortnightly, origin: origin,
            destination: destination, departureMinute: departure, arrivalMinute: arrival,
            departureVariation: departureVariation, arrivalVariation: arrivalVariation,
            departureDays: departureDays, arrivalDays: arrivalDays,
            aircraft: aircraft.isEmpty ? nil : aircraft)
        if let fromDay, let toDay, !(fromDay...min(toDay, fromDay + 13)).contains(where: leg.operates(on:)) {
            let days = record.text(SSIMLayout.daysOfOperation)
            return .rejected([.noOperatingDay(days: days, from: fromText, to: toText)])
        }
        let offsets = leg.offsets(mode: mode)
        let block = offsets.arrival - offsets.departure
        if block <= 0 { return .rejected([.arrivalNotAfterDeparture(seconds: block)]) }
        if Double(block) > RowProblem.maximumBlockSeconds { return .rejected([.blockTooLong(seconds: block)]) }
        return .leg(leg)
    }

    private func designator(_ record: SSIMRecord) -> Result<String, SSIMProblem> {
        let airline = record.trimmed(SSIMLayout.airline)
        let number = record.trimmed(SSIMLayout.flightNumber)
        let suffix = record.trimmed(SSIMLayout.operationalSuffix)
        let written = airline + number + suffix
        // Leading zeros dropped (`0041` is flight 41, as a CSV schedule writes it); one kept for 0.
        let digits = number.drop { $0 == "0" }
        guard !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber),
            let designator = FlightDesignator.normalise(airline + (digits.isEmpty ? "0" : String(digits)) + suffix)
        else { return .failure(.designator(written)) }
        return .success(designator)
    }

    private func date(_ record: SSIMRecord, _ field: String, _ positions: ClosedRange<Int>) -> Result<
        SSIMDate.End, SSIMProblem
    > {
        let text = record.text(positions)
        guard let end = SSIMDate.parse(text) else {
            return .failure(.date(field: field, positions: positions, value: text))
        }
        return .success(end)
    }

    static func weekdays(_ text: String) -> Result<UInt8, SSIMProblem> {
        let bytes = Array(text.utf8)
        var mask: UInt8 = 0
        guard bytes.count == 7 else { return .failure(.daysOfOperation(text)) }
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: " ") { continue }
            guard byte == UInt8(ascii: "1") + UInt8(index) else { return .failure(.daysOfOperation(text)) }
            mask |= 1 << index
        }
        return mask == 0 ? .failure(.daysOfOperation(text)) : .success(mask)
    }

    static func frequency(_ text: String) -> Result<Bool, SSIMProblem> {
        switch text {
        case " ", "1": .success(false)
        case "2": .success(true)
        default: .failure(.frequency(text))
        }
    }

    private func station(_ record: SSIMRecord, _ field: String, _ positions: ClosedRange<Int>) -> Result<
        Airport, SSIMProblem
    > {
        let code = record.text(positions)
        guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
        else { return .failure(.station(field: field, positions: positions, value: code)) }
        guard let airport = airports.lookup(code) else { return .failure(.unknownStation(field: field, value: code)) }
        return .success(airport)
    }

    private func time(_ record: SSIMRecord, _ field: String, _ positions: ClosedRange<Int>) -> Result<
        Int, SSIMProblem
    > {
        guard let value = record.number(positions), value % 100 < 60, value / 100 < 24 || value == 2400 else {
            return .failure(.time(field: field, positions: positions, value: record.text(positions)))
        }
        return .success(value / 100 * 60 + value % 100)
    }

    private func variation(_ record: SSIMRecord, _ field: String, _ positions: ClosedRange<Int>) -> Result<
        Int, SSIMProblem
    > {
        let bytes = record.field(positions)
        let sign = bytes.first
        let digits = bytes.count == 5 ? SSIMRecord.digits(bytes.dropFirst()) : nil
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let digits, digits % 100 < 60 else {
            return .failure(.variation(field: field, positions: positions, value: record.text(positions)))
        }
        let seconds = (digits / 100 * 3600 + digits % 100 * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        guard (-12 * 3600)...(14 * 3600) ~= seconds else {
            return .failure(.variation(field: field, positions: positions, value: record.text(positions)))
        }
        return .success(seconds)
    }

    private func dateVariation(_ record: SSIMRecord, _ field: String, _ positions: ClosedRange<Int>) -> Result<
        Int, SSIMProblem
    > {
        guard let byte = record.field(positions).first else {
            return .failure(.dateVariation(field: field, positions: positions, value: ""))
        }
        switch byte {
        case UInt8(ascii: " "): return .success(0)
        case UInt8(ascii: "A"): return .success(-1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .success(Int(byte - UInt8(ascii: "0")))
        default: return .failure(.dateVariation(field: field, positions: positions, value: record.text(positions)))
        }
    }

}
