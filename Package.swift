// swift-tools-version:6.2
// fleetwx: nightly flight-schedule weather briefings from Apple WeatherKit.
//
// One library target per pipeline stage (schedule → airports → plan → fetch/cache/quota →
// briefing → reports) under a thin `fleetwx` executable. C libraries come only from the
// system through system-library targets; no outside Swift package can be fetched here.
import PackageDescription

let package = Package(
    name: "fleetwx",
    products: [
        .executable(name: "fleetwx", targets: ["fleetwx"]),
        // Libraries only so the fuzz package (Fuzz/Package.swift) can depend on the parsers;
        // nothing outside this repository is meant to use them.
        .library(name: "FleetCSV", targets: ["FleetCSV"]),
        .library(name: "FleetAirports", targets: ["FleetAirports"]),
        .library(name: "FleetSchedule", targets: ["FleetSchedule"]),
        .library(name: "FleetWeather", targets: ["FleetWeather"]),
        .library(name: "FleetWeatherKit", targets: ["FleetWeatherKit"]),
        .library(name: "FleetPlan", targets: ["FleetPlan"]),
        .library(name: "FleetFetch", targets: ["FleetFetch"]),
        .library(name: "FleetBriefing", targets: ["FleetBriefing"]),
    ],
    targets: [
        // System libraries. Each module map includes a local shim.h; pkg-config supplies the
        // include and link flags (libxml2 needs -I/usr/include/libxml2).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // glibc's prctl(2) (variadic, so not callable from Swift) for turning core dumps off. Not
        // imported by FleetApp: a C module there would meet CLibXML2's ICU beside Foundation's.
        .systemLibrary(name: "CProcess"),

        // Opening files named from outside only when they are regular files (no FIFO, no device).
        .target(name: "FleetFiles"),
        // RFC 4180 reading (streaming, line numbers, raw text) and writing (formula-safe).
        .target(name: "FleetCSV", dependencies: ["FleetFiles"]),
        // Airport directory: the airportsdata CSV shipped as a resource, with its licence.
        .target(
            name: "FleetAirports",
            dependencies: ["FleetCSV", "FleetFiles"],
            resources: [.copy("Resources/airports.csv"), .copy("Resources/LICENSE-airportsdata")]
        ),
        // Schedule readers: streaming CSV (header aliases, local times) and SSIM seasons; rejects.
        .target(name: "FleetSchedule", dependencies: ["FleetAirports", "FleetCSV", "FleetFiles"]),
        // ES256 developer tokens (OpenSSL libcrypto); keeping the key out of core dumps.
        .target(name: "FleetAuth", dependencies: ["CCrypto", "CProcess", "FleetFiles"]),
        // The weather model every stage shares: data sets, cell weather, conditions, forecasts,
        // alerts, metadata, and the one tolerant decoder of WeatherKit bodies. No I/O.
        .target(name: "FleetWeather", dependencies: ["FleetFiles"]),
        // WeatherKit REST client: request building, HTTP, retries, tokens, recording.
        .target(name: "FleetWeatherKit", dependencies: ["FleetWeather", "FleetAuth", "FleetFiles"]),
        // Cells, windows and the requests a run needs; what the fetch stage hands on (outcomes,
        // counters), so briefing and reports need not know how weather was fetched.
        .target(name: "FleetPlan", dependencies: ["FleetSchedule", "FleetAirports", "FleetWeather"]),
        // State: cache, quota ledger, run history; in SQLite (the default) or PostgreSQL (libpq).
        .target(name: "FleetStore", dependencies: ["CSQLite", "CPostgres", "FleetFiles"]),
        // Fetch engine: cache reuse, quota reservations, bounded concurrency, retries.
        .target(
            name: "FleetFetch",
            dependencies: ["FleetPlan", "FleetWeather", "FleetWeatherKit", "FleetStore", "FleetFiles"]
        ),
        // Weather for each flight: hours, hazards, category, alerts, risk.
        .target(
            name: "FleetBriefing",
            dependencies: ["FleetSchedule", "FleetAirports", "FleetPlan", "FleetWeather", "FleetFiles"]
        ),
        // libxml2 DOM builder. Must NOT import Foundation: Debian's ICU-enabled libxml2 and
        // Foundation's _FoundationICU clash in one Swift module (docs/swift-on-linux.md).
        .target(name: "FleetHTML", dependencies: ["CLibXML2"]),
        // HTML, CSV and run.json reports, staged and published atomically; the fleet map's land
        // outlines (Natural Earth, public domain, made by scripts/make_land.py) with their licence.
        .target(
            name: "FleetReports",
            dependencies: [
                "FleetBriefing", "FleetHTML", "FleetCSV", "FleetSchedule", "FleetAirports", "FleetWeather",
                "FleetPlan", "FleetFiles",
            ],
            resources: [.copy("Resources/land.txt"), .copy("Resources/LICENSE-naturalearth")]
        ),
        // Commands, options and wiring of live dependencies.
        .target(
            name: "FleetApp",
            dependencies: [
                "FleetAirports", "FleetSchedule", "FleetPlan", "FleetAuth", "FleetWeather", "FleetWeatherKit",
                "FleetStore", "FleetFetch", "FleetBriefing", "FleetReports", "FleetFiles",
            ]
        ),
        // The thin executable: parse, run, exit.
        .executableTarget(name: "fleetwx", dependencies: ["FleetApp"]),

        // Shared test helpers: temp dirs, fixtures, the fake transport, running the binary,
        // starting the fake WeatherKit server.
        .target(
            name: "FleetTestSupport",
            dependencies: ["FleetWeather", "FleetWeatherKit", "FleetAuth", "FleetAirports", "FleetSchedule"],
            path: "Tests/FleetTestSupport"
        ),
        .testTarget(name: "FleetFilesTests", dependencies: ["FleetFiles"]),
        .testTarget(name: "FleetCSVTests", dependencies: ["FleetCSV"]),
        .testTarget(name: "FleetAirportsTests", dependencies: ["FleetAirports", "FleetTestSupport"]),
        .testTarget(
            name: "FleetScheduleTests",
            dependencies: ["FleetSchedule", "FleetAirports", "FleetCSV", "FleetTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FleetPlanTests",
            dependencies: [
                "FleetPlan", "FleetTestSupport", "FleetAirports", "FleetSchedule", "FleetWeather", "FleetWeatherKit",
            ]
        ),
        .testTarget(name: "FleetAuthTests", dependencies: ["FleetAuth", "FleetTestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "FleetWeatherTests",
            dependencies: ["FleetWeather", "FleetTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "FleetWeatherKitTests",
            dependencies: ["FleetWeather", "FleetWeatherKit", "FleetAuth", "FleetTestSupport"]),
        .testTarget(name: "FleetStoreTests", dependencies: ["FleetStore", "FleetTestSupport"]),
        .testTarget(
            name: "FleetFetchTests",
            dependencies: [
                "FleetFetch", "FleetTestSupport", "FleetPlan", "FleetWeather", "FleetWeatherKit", "FleetSchedule",
                "FleetAirports",
                "FleetStore",
            ]
        ),
        .testTarget(
            name: "FleetBriefingTests",
            dependencies: [
                "FleetBriefing", "FleetTestSupport", "FleetWeather", "FleetAirports", "FleetSchedule", "FleetPlan",
            ]
        ),
        .testTarget(name: "FleetHTMLTests", dependencies: ["FleetHTML", "CLibXML2"]),
        .testTarget(
            name: "FleetReportsTests",
            dependencies: [
                "FleetReports", "FleetTestSupport", "FleetBriefing", "FleetCSV", "FleetPlan",
                "FleetSchedule", "FleetWeather", "FleetAirports", "FleetHTML",
            ]
        ),
        .testTarget(
            name: "FleetAppTests",
            dependencies: [
                "FleetApp", "FleetAirports", "FleetAuth", "FleetBriefing", "FleetHTML", "FleetPlan", "FleetReports",
                "FleetSchedule", "FleetStore", "FleetTestSupport", "FleetWeather", "FleetWeatherKit", "fleetwx",
            ]
        ),
    ]
)

// Strict settings for every Swift target (system-library targets take no Swift settings).
for target in package.targets {
    switch target.type {
    case .regular, .test, .executable:
        var settings = target.swiftSettings ?? []
        settings.append(contentsOf: [
            .swiftLanguageMode(.v6),
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("InternalImportsByDefault"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .treatAllWarnings(as: .error),
        ])
        target.swiftSettings = settings
    case .macro, .plugin, .system, .binary:
        break
    @unknown default:
        break
    }
}
