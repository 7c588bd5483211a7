// swift-tools-version:6.2
// libFuzzer targets for fleetwx's parsers (README: Development, Fuzzing).
//
// A package of its own so `swift build` and `swift test` in the repository never see these
// executables: each has no `main` (libFuzzer supplies it, calling `LLVMFuzzerTestOneInput`),
// so they link only with `--sanitize=fuzzer`. Build and run them with `scripts/fuzz.sh`.
import PackageDescription

/// A fuzz target: `Sources/NAME`, depending on the main package's library products.
func fuzzer(_ name: String, _ products: String...) -> Target {
    .executableTarget(name: name, dependencies: products.map { .product(name: $0, package: "fleetwx") })
}

let package = Package(
    name: "FleetFuzz",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name (the
        // repository may be checked out under any name).
        .package(name: "fleetwx", path: "..")
    ],
    targets: [
        fuzzer("FuzzCSV", "FleetCSV"),
        fuzzer("FuzzSchedule", "FleetSchedule", "FleetAirports", "FleetCSV"),
        fuzzer("FuzzSSIM", "FleetSchedule", "FleetAirports", "FleetCSV"),
        fuzzer("FuzzWeatherBody", "FleetWeather"),
        fuzzer("FuzzConfig", "FleetBriefing"),
        fuzzer("FuzzReplay", "FleetFetch", "FleetPlan", "FleetSchedule", "FleetAirports"),
    ]
)

for target in package.targets {
    target.swiftSettings = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
}
