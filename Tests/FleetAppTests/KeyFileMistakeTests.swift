import FleetTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Deployment mistakes with `WEATHERKIT_KEY_FILE`, through the built binary: the key text put
/// in the variable instead of a path is never repeated anywhere, and a key "file" that is a
/// FIFO or a device is refused at once instead of blocking or being read without end.
@Suite("WEATHERKIT_KEY_FILE mistakes")
struct KeyFileMistakeTests {
    @Test("the key text in WEATHERKIT_KEY_FILE: named as such, and no line of it in any output or file")
    func keyTextInTheVariable() async throws {
        let server = try await FakeWeatherKitServer.start()
        defer { server.stop() }
        var live = try LiveHarness()
        defer { live.remove() }
        try live.write(LiveSchedule.csv(LiveSchedule.flights(2)), to: "s.csv")
        let pem = try String(contentsOf: TestCredentials.privateKey, encoding: .utf8)
        var outputs: [AppHarness.Result] = []
        for value in [
            pem, pem.trimmingCharacters(in: .whitespacesAndNewlines), pem.replacingOccurrences(of: "\n", with: " "),
        ] {
            live.variables["WEATHERKIT_KEY_FILE"] = value
            outputs.append(try await live.runBinary(LiveRunTests.runArguments(server, out: "r")))
            outputs.append(
                try await live.runBinary(["check-credentials", "--endpoint", server.baseURL.absoluteString]))
        }
        for (index, output) in outputs.enumerated() {
            #expect(output.exitCode == 1, "command \(index): \(output.stderr)")
            let text = output.stdout + output.stderr
            #expect(text.contains("looks like the key itself"), "command \(index): \(text)")
            for line in try SecretsTests.keyLines() {
                #expect(!text.contains(line), "command \(index) printed the key line \(line)")
            }
        }
        #expect(try await server.stats().requests == 0)
        for file in SecretsTests.files(under: live.directory.url) {
            let data = try Data(contentsOf: file)
            for line in try SecretsTests.keyLines() {
                #expect(data.range(of: Data(line.utf8)) == nil, "\(file.path) holds the key line \(line)")
            }
        }
    }

    @Test("a FIFO or a device as the key file is refused at once", arguments: ["fifo", "/dev/zero"])
    func keyFileThatIsNotAFile(kind: String) async throws {
        var live = try LiveHarness()
        defer { live.remove() }
        var path = kind
        if kind == "fifo" {
            path = live.file("AuthKey.p8").path
            #expect(mkfifo(path, 0o600) == 0)
        }
        live.variables["WEATHERKIT_KEY_FILE"] = path
        let result = try await live.start(["check-credentials", "--endpoint", "http://127.0.0.1:9"]).wait(
            timeout: .seconds(30))
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("it is not a regular file"), "\(result.stdout)")
    }
}
