internal import FleetHTML

extension HTMLDocument {
    /// The element of slot `name`, or, in a template made before that slot existed, the element
    /// of `fallback` (which the caller fills so the new part lands where it reads well). A
    /// template an airline edited for an older fleetwx keeps working without being edited.
    ///
    /// - Parameters:
    ///   - name: The slot wanted.
    ///   - fallback: The slot to use when the template has no `name` slot.
    /// - Returns: The element to render into.
    /// - Throws: The fallback slot's ``HTMLError`` when the template has neither.
    func slot(_ name: String, fallback: String) throws(HTMLError) -> HTMLNode {
        do {
            return try slot(name)
        } catch {
            return try slot(fallback)
        }
    }
}
