// swift-tools-version:6.2
// libFuzzer targets for fleetwx's parsers (README: Development, Fuzzing).
//
// A package of its own so `swift build` and `swift test` in the repository never see these
// executables: each has no `main` (libFuzzer supplies it, calling `LLVMFuzzerTestOneInput`),
// so they link only with `--sanitize=fuzzer`. Build and run them with `scripts/fuzz.sh`.
import PackageDescription

let package = Package(
    name: "FleetFuzz",
    dependencies: [
        // Named, because a path dependency is otherwise known by its folder's name (the
        // repository may be checked out under any name).
        .package(name: "fleetwx", path: "..")
    ],
    targets: [
        .executableTarget(name: "FuzzCSV", dependencies: [.product(name: "FleetCSV", package: "fleetwx")]),
        .executableTarget(
            name: "FuzzSchedule",
            dependencies: [
                .product(name: "FleetSchedule", package: "fleetwx"),
                .product(name: "FleetAirports", package: "fleetwx"),
                .product(name: "FleetCSV", package: "fleetwx"),
            ]
        ),
        .executableTarget(
            name: "FuzzWeatherBody", dependencies: [.product(name: "FleetWeatherKit", package: "fleetwx")]),
        .executableTarget(name: "FuzzConfig", dependencies: [.product(name: "FleetBriefing", package: "fleetwx")]),
        .executableTarget(
            name: "FuzzReplay",
            dependencies: [
                .product(name: "FleetFetch", package: "fleetwx"),
                .product(name: "FleetPlan", package: "fleetwx"),
                .product(name: "FleetSchedule", package: "fleetwx"),
                .product(name: "FleetAirports", package: "fleetwx"),
            ]
        ),
    ]
)

for target in package.targets {
    target.swiftSettings = [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
}
