import FleetAuth
import FleetTestSupport
import Foundation
import Testing

@Suite("Credentials from the environment")
struct CredentialsTests {
    @Test func allFourPresent() throws {
        let credentials = try Credentials.fromEnvironment([
            "WEATHERKIT_TEAM_ID": "ABCDE12345", "WEATHERKIT_SERVICE_ID": " com.example.wx\n",
            "WEATHERKIT_KEY_ID": "KEY1234567", "WEATHERKIT_KEY_FILE": "/keys/AuthKey_KEY1234567.p8",
        ])
        #expect(credentials.teamID == "ABCDE12345")
        #expect(credentials.serviceID == "com.example.wx")
        #expect(credentials.tokenID == "ABCDE12345.com.example.wx")
        #expect(credentials.keyFile == "/keys/AuthKey_KEY1234567.p8")
    }

    @Test func everyMissingVariableIsNamed() {
        let error = #expect(throws: AuthError.self) {
            try Credentials.fromEnvironment(["WEATHERKIT_SERVICE_ID": "com.example.wx", "WEATHERKIT_KEY_ID": "  "])
        }
        #expect(error == .missingEnvironment(["WEATHERKIT_TEAM_ID", "WEATHERKIT_KEY_ID", "WEATHERKIT_KEY_FILE"]))
        let text = error?.description ?? ""
        #expect(text.contains("WEATHERKIT_TEAM_ID, WEATHERKIT_KEY_ID, WEATHERKIT_KEY_FILE"))
        #expect(!text.contains("WEATHERKIT_SERVICE_ID"))
    }

    @Test func emptyEnvironmentNamesAllFour() {
        let error = #expect(throws: AuthError.self) { try Credentials.fromEnvironment([:]) }
        #expect(error == .missingEnvironment(Credentials.environmentVariables))
    }

    /// The key text put in `WEATHERKIT_KEY_FILE` instead of its path (a common deployment
    /// mistake) is named as such, and nothing of it is repeated.
    /// The key as a deployment may paste it: whole, its body alone, quoted with literal `\n`
    /// (an env file), or its body in quotes.
    enum Pasted: CaseIterable { case whole, bodyOnly, quotedEscaped, quotedBody }

    @Test(arguments: Pasted.allCases) func keyTextInsteadOfAPathIsNamedNotEchoed(_ pasted: Pasted) throws {
        let pem = try String(contentsOf: TestCredentials.privateKey, encoding: .utf8)
        let lines = pem.split(whereSeparator: \.isNewline).map(String.init)
        let body = lines.filter { !$0.hasPrefix("-----") }
        let value: String
        switch pasted {
        case .whole: value = pem
        case .bodyOnly: value = body.joined()
        case .quotedEscaped: value = "\"" + body.joined(separator: "\\n") + "\""
        case .quotedBody: value = "'" + body.joined(separator: " ") + "'"
        }
        let error = #expect(throws: AuthError.self) {
            try Credentials.fromEnvironment([
                "WEATHERKIT_TEAM_ID": "ABCDE12345", "WEATHERKIT_SERVICE_ID": "com.example.wx",
                "WEATHERKIT_KEY_ID": "KEY1234567", "WEATHERKIT_KEY_FILE": value,
            ])
        }
        let text = error?.description ?? ""
        #expect(text.contains("looks like the key itself"), "\(text)")
        for line in lines where line.count >= 8 {
            #expect(!text.contains(line), "the message repeats \(line)")
            #expect(!String(describing: error).contains(line))
            #expect(!String(reflecting: error).contains(line))
        }
    }
}
