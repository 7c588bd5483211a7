import FleetBriefing
import Foundation

/// Lays the input over the default thresholds as `--config FILE` does. Any bytes must either
/// load or be refused with a message; a configuration that loads has no problem
/// (``BriefingConfig/problem``) and a window of at most three hours either side.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let config: BriefingConfig
    do {
        config = try BriefingConfig.overlay(json: data, path: "fuzz.json")
    } catch {
        precondition(!error.description.isEmpty, "a refusal without a message")
        return 0
    }
    precondition(config.problem == nil, "loaded with a problem: \(config.problem ?? "")")
    precondition((1...3).contains(config.hoursEitherSide), "\(config.hoursEitherSide) hours either side")
    return 0
}
