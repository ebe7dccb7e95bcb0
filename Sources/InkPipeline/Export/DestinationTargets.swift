import LibQPDF

/// Which page a destination, link or outline item leads to.
struct DestinationTargets {
    /// Named destinations and the page each leads to (resolved once: handles do not last).
    private var named: [[UInt8]: QPDFReference] = [:]

    init(document: QPDFDocument) {
        let root = document.root
        if let dests = root["/Dests"], dests.isDictionary {
            for key in dests.keys {
                if let value = dests[key], let page = Self.explicitTarget(value) { named[Array(key.dropFirst().utf8)] = page }
            }
        }
        if let tree = root["/Names"]?["/Dests"] {
            for entry in NameTree.entries(of: tree) {
                if let key = entry.key.bytes, let page = Self.explicitTarget(entry.value) { named[key] = page }
            }
        }
    }

    /// The page an item with `/Dest` or a GoTo `/A` (or a destination itself) leads to.
    func page(of object: QPDFObject, depth: Int = 0) -> QPDFReference? {
        guard depth < 8 else { return nil }
        if object.isArray { return object.count > 0 ? object[0].reference : nil }
        if let name = object.name { return named[Array(name.dropFirst().utf8)] }
        if let bytes = object.bytes { return named[bytes] }
        guard object.isDictionary else { return nil }
        if let dest = object["/Dest"] { return page(of: dest, depth: depth + 1) }
        if let action = object["/A"], action["/S"]?.isName("/GoTo") == true, let dest = action["/D"] {
            return page(of: dest, depth: depth + 1)
        }
        if object["/S"]?.isName("/GoTo") == true, let dest = object["/D"] { return page(of: dest, depth: depth + 1) }
        return nil
    }

    /// The page of an explicit destination `[page /XYZ …]`, or of `<< /D [page …] >>`.
    static func explicitTarget(_ value: QPDFObject) -> QPDFReference? {
        let destination = value.isDictionary ? value["/D"] : value
        guard let destination, destination.isArray, destination.count > 0 else { return nil }
        return destination[0].reference
    }
}
