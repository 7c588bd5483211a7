// The fleetwx executable: everything lives in FleetApp; this only wires the real process.
internal import FleetApp
internal import Foundation

let code = await FleetApp.main(Array(CommandLine.arguments.dropFirst()), environment: .live())
exit(code)
