import Foundation
import Testing

@testable import FleetBriefing

@Suite("BriefingConfig: every threshold can be set from a file")
struct BriefingConfigSettingsTests {
    /// The file reader lists the number settings by hand; a threshold added to the type but not
    /// to the list would be refused as an unknown setting.
    @Test("the file's settings are exactly the configuration's properties, each writing its own")
    func settingsMatchProperties() throws {
        let properties = Mirror(reflecting: BriefingConfig()).children.compactMap(\.label)
        let settings = BriefingConfig.numberSettings.map(\.name) + ["windowMinutes"]
        #expect(settings.sorted() == properties.sorted())
        #expect(Set(settings).count == settings.count)
        for (name, path) in BriefingConfig.numberSettings {
            var config = BriefingConfig()
            config[keyPath: path] = 1234.5
            let written = Mirror(reflecting: config).children.first { $0.label == name }?.value as? Double
            #expect(written == 1234.5, "\(name)")
        }
    }

    @Test("each property's default, written in a file, is accepted")
    func everyPropertyIsKnown() throws {
        for child in Mirror(reflecting: BriefingConfig()).children {
            let name = try #require(child.label)
            let value = try #require((child.value as? Double) ?? (child.value as? Int).map(Double.init))
            let json = #"{"\#(name)": \#(value)}"#
            #expect(throws: Never.self, "\(name)") {
                try BriefingConfig.overlay(json: Data(json.utf8), path: "thresholds.json")
            }
        }
    }

    @Test("a stray byte-order-mark byte inside the text is a syntax error there, not an empty file")
    func strayMarkByteIsNotBlank() throws {
        for bytes in [[0x20, 0xEF, 0x20], [0x7B, 0x0A, 0xBB, 0x7D], [0xEF, 0xBB, 0xBF, 0x20, 0xBF]] as [[UInt8]] {
            let error = try #require(throws: BriefingError.self) {
                try BriefingConfig.overlay(json: Data(bytes), path: "thresholds.json")
            }
            #expect(!error.description.contains("the file is empty"), "\(error)")
            #expect(error.description.contains("not valid JSON at line"), "\(error)")
        }
    }
}
