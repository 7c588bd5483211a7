public import Foundation

/// The Apple Weather marks a page shows, as PNG bytes checked to be PNG and small.
///
/// Why bytes and not URLs: pages are self-contained (docs/contract.md §8.2), so the marks are
/// fetched once (docs/weatherkit-api.md §2.3), kept in the state database for
/// ``lifetime`` and embedded as `data:` URIs. Only a value that passed ``init(serviceName:light:dark:fetchedAt:)``
/// exists, so a page never base64-encodes anything but a checked PNG.
public struct AttributionMarks: Sendable, Equatable {
    /// The most bytes one mark may have (Apple's are a few KiB).
    public static let maximumBytes = 256 * 1024
    /// How long stored marks are used before they are fetched again (30 days).
    public static let lifetime: TimeInterval = 30 * 86_400
    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The service's name as the attribution gave it (`Apple Weather`), if it did.
    public let serviceName: String?
    /// The mark for light backgrounds (and print).
    public let light: Data
    /// The mark for dark backgrounds.
    public let dark: Data
    /// When the marks were fetched.
    public let fetchedAt: Date
    /// The light mark as a `data:image/png;base64,…` URI, encoded once: every page shows it
    /// twice (masthead and footer).
    public let lightDataURI: String
    /// The dark mark as a `data:image/png;base64,…` URI.
    public let darkDataURI: String

    /// Checks two images and keeps them.
    ///
    /// - Parameters:
    ///   - serviceName: The attribution's `serviceName`.
    ///   - light: The light-background mark.
    ///   - dark: The dark-background mark.
    ///   - fetchedAt: When they were fetched.
    /// - Throws: ``WeatherDataError/notABody(_:)`` saying which image is not a small PNG.
    public init(serviceName: String?, light: Data, dark: Data, fetchedAt: Date) throws(WeatherDataError) {
        if let problem = Self.problem(light) { throw .notABody("the light mark \(problem)") }
        if let problem = Self.problem(dark) { throw .notABody("the dark mark \(problem)") }
        self.serviceName = serviceName.flatMap(Self.plainName)
        self.light = light
        self.dark = dark
        self.fetchedAt = fetchedAt
        lightDataURI = Self.dataURI(light)
        darkDataURI = Self.dataURI(dark)
    }

    /// Why `image` cannot be a mark (not a PNG, empty or too large), or `nil` when it can.
    ///
    /// - Parameter image: The bytes received.
    /// - Returns: The reason in words.
    public static func problem(_ image: Data) -> String? {
        if image.count > maximumBytes {
            return "is \(image.count) bytes, more than the \(maximumBytes / 1024) KiB a mark may have"
        }
        guard image.count > pngSignature.count, image.prefix(pngSignature.count).elementsEqual(pngSignature) else {
            return "is not a PNG image (\(image.count) bytes without the PNG signature)"
        }
        return nil
    }

    /// Whether marks fetched at ``fetchedAt`` may still be shown at `date`.
    ///
    /// - Parameter date: The run's clock.
    /// - Returns: `true` when they are younger than ``lifetime`` (and not from the future).
    public func isCurrent(at date: Date) -> Bool {
        let age = date.timeIntervalSince(fetchedAt)
        return age >= -86_400 && age < Self.lifetime
    }

    private static func dataURI(_ png: Data) -> String {
        "data:image/png;base64," + png.base64EncodedString()
    }

    /// A service name kept only when it is short, printable text (it is shown as `alt`).
    private static func plainName(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 60,
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return trimmed
    }
}
