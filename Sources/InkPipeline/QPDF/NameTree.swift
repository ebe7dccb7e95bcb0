import LibQPDF
/// Reading and editing PDF name trees (`/Names /Dests`, `/Names /EmbeddedFiles`)
/// and number trees (`/PageLabels`) through qpdf handles.
enum NameTree {
    /// Every `(key, value)` of a name tree (`/Names`) or number tree (`/Nums`) in order.
    static func entries(of node: QPDFObject, leafKey: String = "/Names", depth: Int = 0) -> [(key: QPDFObject, value: QPDFObject)] {
        guard depth < 32, node.isDictionary else { return [] }
        var result: [(QPDFObject, QPDFObject)] = []
        if let pairs = node[leafKey], pairs.isArray {
            let count = pairs.count
            var index = 0
            while index + 1 < count {
                result.append((pairs[index], pairs[index + 1]))
                index += 2
            }
        }
        if let kids = node["/Kids"], kids.isArray {
            for kid in kids.items { result += entries(of: kid, leafKey: leafKey, depth: depth + 1) }
        }
        return result
    }

    /// Removes the entries `shouldRemove` picks from every leaf of a name tree.
    /// (Limits may end up wider than the keys left, which lookups tolerate.)
    static func removeEntries(of node: QPDFObject, depth: Int = 0, where shouldRemove: (QPDFObject, QPDFObject) -> Bool) {
        guard depth < 32, node.isDictionary else { return }
        if let pairs = node["/Names"], pairs.isArray {
            var index = pairs.count / 2 - 1
            while index >= 0 {
                if shouldRemove(pairs[2 * index], pairs[2 * index + 1]) {
                    pairs.removeItem(at: 2 * index + 1)
                    pairs.removeItem(at: 2 * index)
                }
                index -= 1
            }
        }
        if let kids = node["/Kids"], kids.isArray {
            for kid in kids.items { removeEntries(of: kid, depth: depth + 1, where: shouldRemove) }
        }
    }

    /// Inserts (or replaces) `key` in a name tree, in sorted place, widening `/Limits` on the way.
    static func insert(key: [UInt8], value: QPDFObject, into node: QPDFObject, depth: Int = 0) {
        let document = node.document
        defer {
            if depth > 0, node["/Limits"] != nil { updateLimits(of: node) }
        }
        if let kids = node["/Kids"], kids.isArray, kids.count > 0, node["/Names"] == nil, depth < 32 {
            let items = kids.items
            let chosen = items.first { kid in
                guard let limits = kid["/Limits"], limits.count == 2, let last = limits[1].bytes else { return false }
                return !last.lexicographicallyPrecedes(key)
            } ?? items[items.count - 1]
            insert(key: key, value: value, into: chosen, depth: depth + 1)
            return
        }
        let pairs: QPDFObject
        if let existing = node["/Names"], existing.isArray {
            pairs = existing
        } else {
            pairs = document.newArray()
            node.set("/Names", pairs)
        }
        var index = 0
        let count = pairs.count / 2
        while index < count, let existing = pairs[2 * index].bytes, existing.lexicographicallyPrecedes(key) { index += 1 }
        if index < count, pairs[2 * index].bytes == key {
            pairs.removeItem(at: 2 * index + 1)
            pairs.insert(value, at: 2 * index + 1)
            return
        }
        pairs.insert(value, at: 2 * index)
        pairs.insert(document.newBytes(key), at: 2 * index)
    }

    private static func updateLimits(of node: QPDFObject) {
        let keys = entries(of: node).compactMap { $0.key.bytes }
        guard let low = keys.min(by: { $0.lexicographicallyPrecedes($1) }),
              let high = keys.max(by: { $0.lexicographicallyPrecedes($1) }) else { return }
        let document = node.document
        node.set("/Limits", document.newArray([document.newBytes(low), document.newBytes(high)]))
    }
}
