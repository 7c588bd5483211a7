import FleetAuth
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
}
