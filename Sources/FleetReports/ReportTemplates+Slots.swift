internal import FleetHTML

extension ReportTemplates {
    /// The `data-slot` names each page fills, in the order it fills them: a template without
    /// one of them could only fail once the report is rendered, after the night's requests
    /// were paid for, so ``load(from:)`` refuses it up front.
    static let requiredSlots: [String: [String]] = [
        "index.html": PageKit.frameSlots + IndexPage.slots,
        "route.html": PageKit.frameSlots + RoutePage.slots,
        "station.html": PageKit.frameSlots + StationPage.slots,
    ]

    /// Throws ``ReportError/templateInvalid(path:reason:)`` naming the first slot `page` fills
    /// that `document` lacks.
    static func checkSlots(_ document: HTMLDocument, page: String, path: String) throws(ReportError) {
        for slot in requiredSlots[page] ?? [] {
            do {
                _ = try document.slot(slot)
            } catch {
                throw .templateInvalid(
                    path: path,
                    reason: "it has no element with data-slot=\"\(slot)\", which the report fills in; add one "
                        + "(the Templates folder of fleetwx shows where)")
            }
        }
    }
}
