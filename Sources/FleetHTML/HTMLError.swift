/// Why an HTML document could not be built.
public enum HTMLError: Error, Equatable, CustomStringConvertible {
    /// The template is not HTML libxml2 can parse.
    case unparsableTemplate(name: String)
    /// The template lacks an element the report fills in.
    case missingSlot(template: String, slot: String)
    /// An element with `data-slot` sits inside another one (filling the outer would free it).
    case nestedSlot(template: String, outer: String, inner: String)
    /// libxml2 could not serialise the document (out of memory).
    case serializationFailed

    public var description: String {
        switch self {
        case .unparsableTemplate(let name):
            "template \(name) is not parsable HTML"
        case .missingSlot(let template, let slot):
            "template \(template) has no element with data-slot=\"\(slot)\" (the report fills it in)"
        case .nestedSlot(let template, let outer, let inner):
            "template \(template) has the element with data-slot=\"\(inner)\" inside the one with "
                + "data-slot=\"\(outer)\"; fleetwx replaces a slot's whole content, so move it out (slots must not nest)"
        case .serializationFailed:
            "the HTML document could not be serialised"
        }
    }
}
