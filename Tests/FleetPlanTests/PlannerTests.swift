import FleetAirports
import FleetPlan
import FleetSchedule
import FleetTestSupport
import FleetWeather
import Foundation
import Testing

private func date(_ text: String) -> Date { WeatherFixtures.date(text) }

private func planner(now: String = "2026-12-01T00:00:00Z") throws -> Planner {
    Planner(grid: try Grid(degrees: 0.01), now: date(now))
}

private func cell(_ plan: FetchPlan, _ code: String) throws -> Cell {
    let airport = TestFlights.airport(code)
    let key = plan.key(latitude: airport.latitude, longitude: airport.longitude)
    return try #require(plan.cells.first { $0.key == key })
}

private func requests(_ plan: FetchPlan, _ code: String) throws -> [CellRequest] {
    let key = try cell(plan, code).key
    return plan.requests.filter { $0.cell == key }
}

private let allSets: [DataSet] = [.currentWeather, .forecastDaily, .forecastHourly, .weatherAlerts]
private let historySets: [DataSet] = [.forecastDaily, .forecastHourly]

@Suite("Planner: cells and windows")
struct PlannerCellTests {
    @Test("Basel BSL and Mulhouse MLH (and LFSB) share one cell and one request")
    func baselMulhouseOneCell() throws {
        let flights = [
            TestFlights.flight("LX1", from: "BSL", to: "LHR"),
            TestFlights.flight(
                "AF2", from: "MLH", to: "CDG", departure: "2026-12-01T15:00:00Z",
                arrival: "2026-12-01T16:20:00Z"),
            TestFlights.flight(
                "U23", from: "LFSB", to: "LHR", departure: "2026-12-01T17:00:00Z",
                arrival: "2026-12-01T18:00:00Z"),
        ]
        let plan = try planner().plan(flights)
        let basel = try cell(plan, "BSL")
        #expect(basel.key.text == "47.59,7.53")
        #expect(basel.airports.map(\.code) == ["BSL", "MLH"])
        #expect(basel.flightCount == 3)
        #expect(try requests(plan, "MLH").count == 1)
        #expect(plan.cells.count == 3)
        #expect(plan.requests.count == 3)
    }

    @Test("the window runs from the hour before the earliest time to the hour after the latest")
    func window() throws {
        let flights = [
            TestFlights.flight(
                "UA1", from: "JFK", to: "LHR", departure: "2026-12-01T13:05:00Z",
                arrival: "2026-12-01T20:50:00Z"),
            TestFlights.flight(
                "UA2", from: "LHR", to: "JFK", departure: "2026-12-02T09:59:59Z",
                arrival: "2026-12-02T17:40:00Z"),
        ]
        let plan = try planner().plan(flights)
        let jfk = try cell(plan, "JFK")
        #expect(jfk.window == DateInterval(start: date("2026-12-01T12:00:00Z"), end: date("2026-12-02T19:00:00Z")))
        let lhr = try cell(plan, "LHR")
        #expect(lhr.window == DateInterval(start: date("2026-12-01T19:00:00Z"), end: date("2026-12-02T11:00:00Z")))
        #expect(jfk.flightCount == 2)
    }

    @Test("a time on the hour still gets the whole hour before it")
    func timeOnTheHour() throws {
        let plan = try planner().plan([
            TestFlights.flight(departure: "2026-12-01T13:00:00Z", arrival: "2026-12-01T20:00:00Z")
        ])
        let jfk = try cell(plan, "JFK")
        #expect(jfk.window == DateInterval(start: date("2026-12-01T12:00:00Z"), end: date("2026-12-01T15:00:00Z")))
    }

    @Test("a live request asks for every data set with the airport's zone and country")
    func requestContents() throws {
        let plan = try planner().plan([TestFlights.flight()])
        let request = try #require(try requests(plan, "JFK").first)
        #expect(request.dataSets == allSets)
        #expect(request.timeZone == "America/New_York")
        #expect(request.country == "US")
        #expect(request.hourlyStart == date("2026-12-01T12:00:00Z"))
        #expect(request.hourlyEnd == date("2026-12-01T15:00:00Z"))
        #expect(request.part == 0)
        let lhr = try #require(try requests(plan, "LHR").first)
        #expect(lhr.timeZone == "Europe/London")
        #expect(lhr.country == "GB")
    }

    @Test("a window wholly in the past drops currentWeather and weatherAlerts")
    func pastWindow() throws {
        let plan = try planner(now: "2026-12-05T00:00:00Z").plan([TestFlights.flight()])
        for request in plan.requests {
            #expect(request.dataSets == historySets)
            #expect(request.dataSets.allSatisfy { !$0.isLive })
        }
        #expect(plan.requests.count == 2)
    }

    @Test("a window ending exactly now is in the past; one ending later is live")
    func windowEndingNow() throws {
        let flights = [TestFlights.flight()]
        let jfkEnd = "2026-12-01T15:00:00Z"
        #expect(try requests(planner(now: jfkEnd).plan(flights), "JFK").first?.dataSets == historySets)
        #expect(try requests(planner(now: "2026-12-01T14:59:59Z").plan(flights), "JFK").first?.dataSets == allSets)
    }

    @Test(
        "the daily range covers the hourly window in any zone",
        arguments: ["JFK", "SYD", "KTM", "HNL", "AKL", "CXI", "PPG"])
    func dailyBounds(code: String) throws {
        let other = code == "SYD" ? "LHR" : "SYD"
        let flights = [
            TestFlights.flight(
                "QF1", from: code, to: other, departure: "2026-12-01T00:30:00Z", arrival: "2026-12-01T05:00:00Z"),
            TestFlights.flight(
                "QF2", from: other, to: code, departure: "2026-12-01T18:00:00Z", arrival: "2026-12-01T23:30:00Z"),
        ]
        let plan = try planner(now: "2026-11-30T00:00:00Z").plan(flights)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: TestFlights.airport(code).timeZone))
        let parts = try requests(plan, code)
        #expect(parts.count == 1)
        for request in parts {
            #expect(request.dailyStart <= request.hourlyStart)
            #expect(request.dailyEnd >= request.hourlyEnd)
            #expect(request.dailyStart.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0)
            #expect(request.dailyEnd.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) == 0)
            // WeatherKit days start at local midnight: the local days of the window must be inside.
            let firstLocalDay = calendar.startOfDay(for: request.hourlyStart)
            let lastHour = request.hourlyEnd.addingTimeInterval(-3600)
            let endOfLastLocalDay = try #require(
                calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: lastHour)))
            #expect(request.dailyStart <= firstLocalDay)
            #expect(request.dailyEnd >= endOfLastLocalDay)
        }
    }

    @Test("the same flights and clock always give the same plan")
    func deterministic() throws {
        let flights = [
            TestFlights.flight("UA1"), TestFlights.flight("LX1", from: "BSL", to: "MLH"),
            TestFlights.flight("QF1", from: "SYD", to: "NRT"),
        ]
        let first = try planner().plan(flights)
        let second = try planner().plan(flights.reversed())
        #expect(first.requests == second.requests)
        #expect(first.cells.map(\.key) == second.cells.map(\.key))
    }

    @Test("no flights, no cells and no requests")
    func empty() throws {
        let plan = try planner().plan([])
        #expect(plan.cells.isEmpty)
        #expect(plan.requests.isEmpty)
    }
}

@Suite("Planner: long windows and the horizon")
struct PlannerHorizonTests {
    @Test("weeks between flights: one request per busy stretch, the idle gap is not fetched")
    func idleGapIsSkipped() throws {
        let flights = [
            TestFlights.flight("UA1", departure: "2026-01-01T10:00:00Z", arrival: "2026-01-01T18:00:00Z"),
            TestFlights.flight("UA2", departure: "2026-01-16T10:00:00Z", arrival: "2026-01-16T18:00:00Z"),
        ]
        let plan = try planner(now: "2026-06-01T00:00:00Z").plan(flights)
        let window = try #require(try cell(plan, "JFK").window)
        #expect(window.duration > 240 * 3600, "one window from the first flight to the last")
        let parts = try requests(plan, "JFK")
        #expect(parts.map(\.part) == [0, 1])
        #expect(parts.map(\.hourlyStart) == [date("2026-01-01T09:00:00Z"), date("2026-01-16T09:00:00Z")])
        // The first part runs on for free to its 240 hours; the days after are not fetched.
        #expect(parts.map(\.hourlyEnd) == [date("2026-01-11T09:00:00Z"), date("2026-01-16T12:00:00Z")])
        #expect(parts.allSatisfy { $0.dataSets == historySets })
    }

    @Test("a flight every day for 15 days: back-to-back parts of at most 240 hours cover every hour either side")
    func denseLongWindow() throws {
        let flights = (1...15).map { day in
            let text = day < 10 ? "0\(day)" : "\(day)"
            return TestFlights.flight(
                "UA\(day)", departure: "2026-01-\(text)T10:00:00Z", arrival: "2026-01-\(text)T18:00:00Z")
        }
        let plan = try planner(now: "2026-06-01T00:00:00Z").plan(flights)
        let parts = try requests(plan, "JFK")
        #expect(parts.count == 2)
        #expect(parts.first?.hourlyStart == date("2026-01-01T09:00:00Z"))
        #expect(parts.last?.hourlyEnd == date("2026-01-15T12:00:00Z"))
        try expectCovered(flights.map(\.departure), by: parts)
    }

    @Test("random schedules: every scheduled hour covered either side, no overlap, never more parts than back-to-back")
    func coveringInvariants() throws {
        var generator = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let count = Int.random(in: 1...12, using: &generator)
            let flights = (0..<count).map { index in
                let departure = date("2026-01-01T00:00:00Z").addingTimeInterval(
                    Double(Int.random(in: 0...(40 * 24 * 60), using: &generator)) * 60)
                return TestFlights.flight(
                    "UA\(index + 1)", from: TestFlights.airport("JFK"), to: TestFlights.airport("LHR"),
                    departure: departure, arrival: departure.addingTimeInterval(7 * 3600))
            }
            let plan = try planner(now: "2026-06-01T00:00:00Z").plan(flights)
            let parts = try requests(plan, "JFK")
            try expectCovered(flights.map(\.departure), by: parts)
            let window = try #require(try cell(plan, "JFK").window)
            #expect(parts.count <= Int((window.duration / (240 * 3600)).rounded(.up)))
        }
    }

    /// Every time's hour, one hour either side, lies in one part; parts are ordered, disjoint
    /// and at most 240 hours.
    private func expectCovered(_ times: [Date], by parts: [CellRequest]) throws {
        for (index, part) in parts.enumerated() {
            #expect(part.hourlyEnd.timeIntervalSince(part.hourlyStart) <= 240 * 3600)
            #expect(part.hourlyStart < part.hourlyEnd)
            if index > 0 {
                let previous = parts[index - 1]
                #expect(previous.hourlyEnd <= part.hourlyStart)
                let free = min(previous.hourlyStart.addingTimeInterval(240 * 3600), part.hourlyStart)
                #expect(previous.hourlyEnd == free, "a part stops short of what it could carry for free")
            }
        }
        for time in times {
            let hour = TimeMath.floorHour(time)
            #expect(
                parts.contains {
                    $0.hourlyStart <= hour.addingTimeInterval(-3600)
                        && hour.addingTimeInterval(2 * 3600) <= $0.hourlyEnd
                }, "\(time) not covered")
        }
    }

    @Test("nothing between two parts is dropped that the first could carry: no gap when they are close")
    func closePartsLeaveNoGap() throws {
        let flights = [
            TestFlights.flight("UA1", departure: "2026-12-01T01:00:00Z", arrival: "2026-12-01T09:00:00Z"),
            TestFlights.flight("UA2", departure: "2026-12-10T14:00:00Z", arrival: "2026-12-10T22:00:00Z"),
            TestFlights.flight("UA3", departure: "2026-12-11T00:00:00Z", arrival: "2026-12-11T08:00:00Z"),
        ]
        let parts = try requests(try planner(now: "2026-12-01T00:00:00Z").plan(flights), "JFK")
        #expect(parts.count == 2)
        #expect(parts[0].hourlyEnd == parts[1].hourlyStart, "the hours between were dropped")
    }

    @Test("a wider briefing window fetches more hours either side", arguments: [1, 2, 3])
    func widerWindow(_ hours: Int) throws {
        let planner = Planner(grid: try Grid(degrees: 0.01), now: date("2026-12-01T00:00:00Z"), hoursEitherSide: hours)
        let part = try #require(try requests(planner.plan([TestFlights.flight()]), "JFK").first)
        let hour = date("2026-12-01T13:00:00Z")
        #expect(part.hourlyStart == hour.addingTimeInterval(Double(-hours) * 3600))
        #expect(part.hourlyEnd == hour.addingTimeInterval(Double(hours + 1) * 3600))
    }

    @Test("a long window reaching into the future asks for live data once, in the first part not wholly past")
    func splitLiveWindow() throws {
        let now = "2026-12-20T00:00:00Z"
        let flights = [
            TestFlights.flight("UA1", departure: "2026-12-05T10:00:00Z", arrival: "2026-12-05T18:00:00Z"),
            TestFlights.flight("UA2", departure: "2026-12-29T10:00:00Z", arrival: "2026-12-29T18:00:00Z"),
        ]
        let plan = try planner(now: now).plan(flights)
        let parts = try requests(plan, "JFK")
        #expect(parts.count == 2)
        #expect(parts.map(\.dataSets) == [historySets, allSets])
        #expect(parts[1].hourlyStart > date(now))
    }

    @Test("a window of exactly 240 hours is one request")
    func exactly240Hours() throws {
        // Window: 09:00 on the 1st to 09:00 on the 11th (floor(latest) + 2 h).
        let flights = [
            TestFlights.flight("UA1", departure: "2026-01-01T10:00:00Z", arrival: "2026-01-01T11:00:00Z"),
            TestFlights.flight(
                "UA2", from: "LHR", to: "JFK", departure: "2026-01-10T20:00:00Z",
                arrival: "2026-01-11T07:30:00Z"),
        ]
        let plan = try planner(now: "2026-06-01T00:00:00Z").plan(flights)
        let window = try #require(try cell(plan, "JFK").window)
        #expect(window.duration == 240 * 3600)
        #expect(try requests(plan, "JFK").count == 1)
    }

    @Test("the horizon is ten days, by the hour: the hour starting exactly ten days ahead is inside, the next not")
    func horizonEdge() throws {
        let planner = try planner()
        #expect(!planner.isBeyondHorizon(date("2026-12-11T00:00:00Z")))
        #expect(!planner.isBeyondHorizon(date("2026-12-11T00:59:59Z")))
        #expect(planner.isBeyondHorizon(date("2026-12-11T01:00:00Z")))
        #expect(!planner.isBeyondHorizon(date("2021-08-01T00:00:00Z")))
        #expect(Planner.horizon == 10 * 24 * 3600)
    }

    @Test("a cell whose every time is beyond the horizon has no window and no request")
    func beyondHorizon() throws {
        let flight = TestFlights.flight(departure: "2026-12-12T10:00:00Z", arrival: "2026-12-12T18:00:00Z")
        let plan = try planner().plan([flight])
        #expect(plan.cells.count == 2)
        #expect(plan.cells.allSatisfy { $0.window == nil })
        #expect(plan.requests.isEmpty)
        #expect(try cell(plan, "JFK").flightCount == 1)
    }

    @Test("times beyond the horizon do not stretch a cell's window")
    func mixedHorizon() throws {
        let flights = [
            TestFlights.flight("UA1", departure: "2026-12-02T10:00:00Z", arrival: "2026-12-02T18:00:00Z"),
            TestFlights.flight("UA2", departure: "2026-12-20T10:00:00Z", arrival: "2026-12-20T18:00:00Z"),
        ]
        let plan = try planner().plan(flights)
        let jfk = try cell(plan, "JFK")
        #expect(jfk.window == DateInterval(start: date("2026-12-02T09:00:00Z"), end: date("2026-12-02T12:00:00Z")))
        #expect(jfk.flightCount == 2)
    }
}

@Suite("Planner: priority")
struct PlannerPriorityTests {
    @Test("cells come earliest departure first, then most flights, then key")
    func priorityOrder() throws {
        let flights = [
            // ORD: departure 10:00, one flight.
            TestFlights.flight(
                "AA1", from: "ORD", to: "LAX", departure: "2026-12-01T10:00:00Z",
                arrival: "2026-12-01T14:00:00Z"),
            // SFO and SEA both depart first at 08:00; SEA has two flights there, SFO one.
            TestFlights.flight(
                "UA1", from: "SFO", to: "LAX", departure: "2026-12-01T08:00:00Z",
                arrival: "2026-12-01T09:30:00Z"),
            TestFlights.flight(
                "AS1", from: "SEA", to: "LAX", departure: "2026-12-01T08:00:00Z",
                arrival: "2026-12-01T10:30:00Z"),
            TestFlights.flight(
                "AS2", from: "SEA", to: "LAX", departure: "2026-12-01T09:00:00Z",
                arrival: "2026-12-01T11:30:00Z"),
            // DEN and BOS: one departure each at 12:00, same count: key order decides.
            TestFlights.flight(
                "UA2", from: "DEN", to: "ORD", departure: "2026-12-01T12:00:00Z",
                arrival: "2026-12-01T14:30:00Z"),
            TestFlights.flight(
                "B61", from: "BOS", to: "ORD", departure: "2026-12-01T12:00:00Z",
                arrival: "2026-12-01T14:45:00Z"),
        ]
        let plan = try planner().plan(flights)
        let codes = plan.cells.map { $0.airports.first?.code ?? "?" }
        // LAX only has arrivals (earliest 09:30), after SFO/SEA at 08:00 and before ORD at 10:00.
        let keyOrder = try cell(plan, "DEN").key < cell(plan, "BOS").key ? ["DEN", "BOS"] : ["BOS", "DEN"]
        #expect(codes == ["SEA", "SFO", "LAX", "ORD"] + keyOrder)
        #expect(plan.requests.map(\.cell) == plan.cells.map(\.key))
    }

    @Test("a departure at an airport ranks it ahead of its arrivals")
    func departureBeatsArrival() throws {
        let flights = [
            TestFlights.flight(
                "UA1", from: "JFK", to: "BOS", departure: "2026-12-01T06:00:00Z",
                arrival: "2026-12-01T07:00:00Z"),
            TestFlights.flight(
                "UA2", from: "BOS", to: "ORD", departure: "2026-12-01T12:00:00Z",
                arrival: "2026-12-01T14:00:00Z"),
        ]
        let plan = try planner().plan(flights)
        #expect(try cell(plan, "BOS").earliestDeparture == date("2026-12-01T12:00:00Z"))
        #expect(try cell(plan, "ORD").earliestDeparture == date("2026-12-01T14:00:00Z"))
        #expect(plan.cells.map { $0.airports[0].code } == ["JFK", "BOS", "ORD"])
    }
}
