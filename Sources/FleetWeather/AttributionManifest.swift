public import Foundation

/// What `GET /attribution/{language}` answers: the service name and the paths of its marks.
///
/// The logo values are partial paths (`/assets/branding/en/Apple_Weather_blk_en_2X_090122.png`)
/// appended to the fixed WeatherKit host (docs/weatherkit-api.md §2.3), so a path is
/// kept only when it cannot leave that host: it starts with `/`, holds plain ASCII path
/// characters only, and has no `..` segment, no `//`, no scheme, query or fragment.
public struct AttributionManifest: Sendable, Equatable {
    /// `serviceName`, when given as a string.
    public let serviceName: String?
    /// The mark for light backgrounds: `logoLight@2x`, else `@3x`, else `@1x`.
    public let lightPath: String
    /// The mark for dark backgrounds: `logoDark@2x`, else `@3x`, else `@1x`.
    public let darkPath: String

    /// The scales tried, best first: 2x suits an 18 px high mark on most screens.
    static let scales = ["@2x", "@3x", "@1x"]

    /// Parses and checks a body.
    ///
    /// - Parameter body: The response body.
    /// - Throws: ``WeatherDataError`` when it is not JSON, not an object, or names no usable
    ///   light or dark mark.
    public init(body: Data) throws(WeatherDataError) {
        guard case .object(let members) = try JSONParser.parse(body) else {
            throw .notABody("the attribution is not a JSON object (\(body.count) bytes)")
        }
        var strings: [String: String] = [:]
        for (key, value) in members {
            if case .string(let text) = value { strings[key] = text }
        }
        serviceName = strings["serviceName"]
        lightPath = try Self.path("logoLight", in: strings)
        darkPath = try Self.path("logoDark", in: strings)
    }

    /// The best scale's path; any value of the mark that is not a safe path refuses the whole
    /// attribution, as a body that names one place off the host is not trusted for the others.
    private static func path(_ name: String, in strings: [String: String]) throws(WeatherDataError) -> String {
        for scale in scales {
            if let text = strings[name + scale], !isSafePath(text) {
                throw .notABody(
                    "the attribution's \(name + scale) \(JSONValue.string(text).shortText) is not a path on the "
                        + "WeatherKit host; refused")
            }
        }
        guard let path = scales.lazy.compactMap({ strings[name + $0] }).first else {
            throw .notABody("the attribution names no \(name) mark")
        }
        return path
    }

    /// Whether `path` is a plain absolute path that stays on the host it is appended to.
    ///
    /// - Parameter path: A logo value.
    /// - Returns: `true` for `/` followed by letters, digits and `-._~/` only, at most 256
    ///   bytes, with no empty, `.` or `..` segment.
    public static func isSafePath(_ path: String) -> Bool {
        guard path.utf8.count <= 256, path.hasPrefix("/"), path.count > 1 else { return false }
        let allowed = path.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                true
            default: false
            }
        }
        guard allowed else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return segments.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
