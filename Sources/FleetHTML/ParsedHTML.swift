/// A page read back: HTML text parsed by libxml2's HTML parser into a native tree, for reading
/// (tests and checks find elements, their text and attributes). Pages are built with
/// ``HTMLDocument``; this only reads.
public struct ParsedHTML {
    let tree: HTMLTree

    /// Parses HTML text.
    ///
    /// - Parameters:
    ///   - text: The HTML (UTF-8).
    ///   - name: A name for messages.
    /// - Throws: ``HTMLError/unparsableTemplate(name:)`` when libxml2 finds no root element.
    public init(_ text: String, name: String) throws(HTMLError) {
        tree = try LibXMLImport.parse(text, name: name)
    }

    /// The root element.
    public var root: Element? {
        var child = tree.nodes[0].firstChild
        while child >= 0 {
            if tree.nodes[Int(child)].kind == .element { return Element(index: child, tree: tree) }
            child = tree.nodes[Int(child)].next
        }
        return nil
    }

    /// The first element carrying `data-slot="name"`, if any.
    public func slot(_ name: String) -> Element? {
        root?.first { $0.attribute("data-slot") == name }
    }

    /// An element of a page read back.
    public struct Element {
        let index: Int32
        let tree: HTMLTree

        /// The element's tag name.
        public var tag: String { tree.nodes[Int(index)].name }

        /// The text of the element and all its descendants, as a reader sees it.
        public var textContent: String { tree.textContent(of: index) }

        /// An attribute's value.
        ///
        /// - Parameter name: The attribute name.
        /// - Returns: Its value (`""` for one written without a value), or `nil` when absent.
        public func attribute(_ name: String) -> String? {
            tree.attribute(name, of: index).map(HTMLTree.cString)
        }

        /// The element's child elements, in order.
        public var children: [Element] {
            var found: [Element] = []
            var child = tree.nodes[Int(index)].firstChild
            while child >= 0 {
                if tree.nodes[Int(child)].kind == .element { found.append(Element(index: child, tree: tree)) }
                child = tree.nodes[Int(child)].next
            }
            return found
        }

        /// The first element in this subtree (itself included) that matches, depth first.
        ///
        /// - Parameter predicate: The test.
        /// - Returns: The element.
        public func first(where predicate: (Element) -> Bool) -> Element? {
            if predicate(self) { return self }
            for child in children {
                if let found = child.first(where: predicate) { return found }
            }
            return nil
        }

        /// Every element in this subtree (itself included) that matches, in document order.
        ///
        /// - Parameter predicate: The test.
        /// - Returns: The elements.
        public func all(where predicate: (Element) -> Bool) -> [Element] {
            var found: [Element] = []
            collect(into: &found, where: predicate)
            return found
        }

        private func collect(into found: inout [Element], where predicate: (Element) -> Bool) {
            if predicate(self) { found.append(self) }
            for child in children { child.collect(into: &found, where: predicate) }
        }
    }
}
