public import FleetWeatherKit
public import Foundation

/// The attribution endpoint and its marks for ``FakeTransport`` tests, as
/// `Tests/FakeWeatherKit/fake_branding.py` serves them over HTTP: two tiny valid PNGs (4×2
/// grayscale, black for the light-background mark, white for the dark one, as that script makes them).
public enum FakeBranding {
    /// The light-background mark.
    public static let lightPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAAAAABawyK/AAAAC0lEQVR4nGNggAEAAAoAAX+AdF4AAAAASUVORK5CYII=")
        ?? Data()
    /// The dark-background mark.
    public static let darkPNG =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAAAAABawyK/AAAADklEQVR4nGP4DwQMIAIAJ+IH+dGbZDoAAAAASUVORK5CYII=")
        ?? Data()
    /// The light mark's path at 2x.
    public static let lightPath = "/assets/branding/en/Apple_Weather_blk_en_2X_090122.png"
    /// The dark mark's path at 2x.
    public static let darkPath = "/assets/branding/en/Apple_Weather_wht_en_2X_090122.png"

    /// An attribution body naming `light` and `dark` as the 2x marks.
    public static func attribution(light: String = lightPath, dark: String = darkPath) -> String {
        #"{"serviceName":"Apple Weather","logoLight@1x":"/assets/branding/en/Apple_Weather_blk_en_1X_090122.png","#
            + #""logoLight@2x":"\#(light)","logoDark@2x":"\#(dark)","logoSquare@2x":"/assets/branding/en/sq.png"}"#
    }

    /// The answer for a branding request, or `nil` for any other path.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - attribution: The attribution body to answer with.
    /// - Returns: 200 with the body or image; 404 for an unknown asset.
    public static func response(for request: HTTPRequest, attribution: String = attribution()) -> HTTPResponse? {
        switch request.url.path {
        case "/attribution/en":
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"], body: Data(attribution.utf8))
        case lightPath: return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: lightPNG)
        case darkPath: return HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: darkPNG)
        case let path where path.hasPrefix("/assets/"): return HTTPResponse(status: 404)
        default: return nil
        }
    }
}
