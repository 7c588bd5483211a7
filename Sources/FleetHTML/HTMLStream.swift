/// The content a page adds under one element of its template, written as bytes while it is
/// built: an element's start tag, text and end tag go straight into ``bytes`` with the
/// serialiser's escaping, so a page is never held as a tree of nodes and then walked again
/// (docs/performance.md, "Pages").
///
/// Building is in document order, as every page is built: appending to an element closes the
/// elements opened inside it since, and an element once closed takes nothing more. An element's
/// start tag waits in its ``Frame`` until its first child, so attributes may still be set
/// until then.
struct HTMLStream {
    /// An element still open.
    struct Frame {
        /// The element's number in this stream (``HTMLNode`` handles name elements by it).
        let serial: Int32
        let tag: String
        let endTag: HTMLRules.EndTag
        /// Its text is written raw (`script`, `style`).
        let rawText: Bool
        /// Inside a void element: libxml2 wrote none of a void element's content, so nothing
        /// under one is written, this element's tags included.
        let hidden: Bool
        /// The start tag's attributes while it is not written yet (`nil` once it is).
        var pendingAttributes: [(String, String)]?
        var hasChildren = false
        /// Where its content starts in ``HTMLStream/bytes`` (for ``HTMLStream/clear(_:)``).
        var contentStart = 0
    }

    var bytes: [UInt8] = []
    var frames: [Frame] = []
    /// Text directly under the template element is written raw.
    let rawText: Bool
    /// The template element is void: nothing added under it is written.
    let suppressed: Bool
    /// Something was added directly under the template element.
    var hasChildren = false
    /// Text was added directly under the template element (``HTMLFragment`` needs to know).
    var hasTopLevelText = false
    /// The template element's own children were removed (``HTMLNode/clear()``).
    var cleared = false
    private var lastSerial: Int32 = 0

    init(parentTag: String) {
        rawText = HTMLRules.isRawTextParent(parentTag)
        suppressed = HTMLRules.endTag(parentTag) == .void
    }

    /// Makes `serial` (0: the template element) the innermost open element, closing the ones
    /// opened inside it; `false` when it was closed already.
    mutating func focus(_ serial: Int32) -> Bool {
        if serial == 0 {
            while !frames.isEmpty { closeLast() }
            return true
        }
        // The usual case: adding to the element added last.
        if let last = frames.indices.last, frames[last].serial == serial { return true }
        guard let position = frames.lastIndex(where: { $0.serial == serial }) else { return false }
        while frames.count > position + 1 { closeLast() }
        return true
    }

    /// Opens a child of the focused element; returns its serial.
    mutating func open(_ tag: String, attributes: [(String, String)]) -> Int32 {
        let hidden = startChild()
        lastSerial += 1
        frames.append(
            Frame(
                serial: lastSerial, tag: tag, endTag: HTMLRules.endTag(tag), rawText: HTMLRules.isRawTextParent(tag),
                hidden: hidden, pendingAttributes: attributes))
        return lastSerial
    }

    /// Text under the focused element.
    mutating func text(_ content: String) {
        let raw = frames.last?.rawText ?? rawText
        if frames.isEmpty { hasTopLevelText = true }
        guard !startChild() else { return }
        if raw {
            HTMLSerializer.appendCString(content, to: &bytes)
        } else {
            HTMLEscaping.appendText(content, to: &bytes)
        }
    }

    /// Markup made before (an ``HTMLFragment``) under the focused element.
    mutating func markup(_ content: [UInt8]) {
        guard !startChild() else { return }
        bytes.append(contentsOf: content)
    }

    /// Whether the focused element takes text as raw (`script`, `style`).
    var focusedRawText: Bool { frames.last?.rawText ?? rawText }

    /// Sets an attribute of the focused element while its start tag is not written: a name it
    /// has keeps its place and takes the value, a new one goes last (as `xmlSetProp` did).
    /// Returns `false` when the start tag is written already.
    mutating func setAttribute(_ name: String, _ value: String) -> Bool {
        guard let last = frames.indices.last, frames[last].pendingAttributes != nil else { return false }
        // Every entry of the name: the start tag writes a repeated name's last value.
        var found = false
        for index in frames[last].pendingAttributes?.indices ?? 0..<0
        where frames[last].pendingAttributes?[index].0 == name {
            frames[last].pendingAttributes?[index].1 = value
            found = true
        }
        if !found { frames[last].pendingAttributes?.append((name, value)) }
        return true
    }

    /// Removes what the focused element holds.
    mutating func clearFocused() {
        guard let last = frames.indices.last else {
            bytes.removeAll(keepingCapacity: true)
            hasChildren = false
            cleared = true
            return
        }
        if frames[last].pendingAttributes == nil { bytes.removeSubrange(frames[last].contentStart...) }
        frames[last].hasChildren = false
    }

    /// Closes every open element (the page is about to be written).
    mutating func finish() {
        while !frames.isEmpty { closeLast() }
    }

    /// Writes the focused element's start tag if it waits, marks that it has a child; returns
    /// whether the child is hidden (inside a void element).
    private mutating func startChild() -> Bool {
        guard let last = frames.indices.last else {
            hasChildren = true
            return suppressed
        }
        writeStartTag(last)
        frames[last].hasChildren = true
        return frames[last].hidden || frames[last].endTag == .void
    }

    private mutating func writeStartTag(_ index: Int) {
        guard let attributes = frames[index].pendingAttributes else { return }
        frames[index].pendingAttributes = nil
        if !frames[index].hidden { Self.writeStartTag(frames[index].tag, attributes, to: &bytes) }
        frames[index].contentStart = bytes.count
    }

    private mutating func closeLast() {
        writeStartTag(frames.count - 1)
        let frame = frames.removeLast()
        if frame.hidden || frame.endTag == .void { return }
        if frame.endTag == .omittedWhenEmpty && !frame.hasChildren { return }
        bytes.append(0x3C)
        bytes.append(0x2F)
        HTMLSerializer.append(frame.tag, to: &bytes)
        bytes.append(0x3E)
    }

    /// `<tag a="v"…>`: a name given twice keeps its first place and takes its last value.
    static func writeStartTag<Value: AttributeValue>(
        _ tag: String, _ attributes: [(String, Value)], to bytes: inout [UInt8]
    ) {
        bytes.append(0x3C)
        HTMLSerializer.append(tag, to: &bytes)
        for (index, (name, value)) in attributes.enumerated() {
            var repeated = false
            for earlier in 0..<index where attributes[earlier].0 == name {
                repeated = true
                break
            }
            if repeated { continue }
            var last = value
            for later in (index + 1)..<attributes.count where attributes[later].0 == name { last = attributes[later].1 }
            HTMLSerializer.writeAttribute(name: name, value: last.attributeText, elementTag: tag, to: &bytes)
        }
        bytes.append(0x3E)
    }
}

/// An attribute's value as a page gives it (`String`) or as a template holds it (`String?`:
/// `nil` for an attribute written without a value, `<details open>`).
protocol AttributeValue {
    var attributeText: String? { get }
}

extension String: AttributeValue {
    var attributeText: String? { self }
}

extension Optional: AttributeValue where Wrapped == String {
    var attributeText: String? { self }
}
