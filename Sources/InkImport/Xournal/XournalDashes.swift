/// Xournal++'s dash styles (`model/StrokeStyle.cpp`) and the cutting of a
/// polyline into its dashes, as cairo draws them: the pattern, in points
/// (not scaled by the width), runs on along the whole stroke, and each dash
/// gets the stroke's caps.
enum XournalDashes {
    /// The on/off lengths of a `style` attribute; nil for a solid line
    /// (`plain`, or anything Xournal++ does not know).
    static func pattern(_ style: String) -> [Double]? {
        switch style {
        case "dash": return [6, 3]
        case "dashdot": return [6, 3, 0.5, 3]
        case "dot": return [0.5, 3]
        default:
            guard style.hasPrefix("cust: ") else { return nil }
            var values: [Double] = []
            XournalNumbers.scanList(String(style.dropFirst(6)), into: &values, limit: 64)
            // cairo refuses negative lengths and an all-zero pattern.
            guard !values.isEmpty, values.allSatisfy({ $0.isFinite && $0 >= 0 }), values.contains(where: { $0 > 0 }) else {
                return nil
            }
            return values
        }
    }

    /// A vertex of a polyline and the width of the segment that starts there
    /// (the last vertex: of the segment that ends there).
    struct Vertex: Equatable {
        var x, y, width: Double
    }

    /// The dashes of the polyline `vertices` under `pattern`, each a polyline
    /// of its own (a zero-length dash is one vertex, drawn as a dot by round caps).
    static func split(_ vertices: [Vertex], pattern: [Double]) -> [[Vertex]] {
        // cairo repeats an odd-length pattern to make it even.
        let lengths = pattern.count % 2 == 1 ? pattern + pattern : pattern
        var index = 0
        var remaining = lengths[0]
        var on = true
        var dashes: [[Vertex]] = []
        var current: [Vertex] = [vertices[0]]
        func toggle(at vertex: Vertex) {
            if on {
                dashes.append(current)
                current = []
            } else {
                current = [vertex]
            }
            on.toggle()
            index = (index + 1) % lengths.count
            remaining = lengths[index]
        }
        // Skip zero-length "off" entries at once, and zero-length "on" ones make dots.
        for i in 0..<(vertices.count - 1) {
            let a = vertices[i], b = vertices[i + 1]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            var travelled = 0.0
            while length - travelled >= remaining {
                travelled += remaining
                let t = length > 0 ? travelled / length : 0
                let point = Vertex(x: a.x + dx * t, y: a.y + dy * t, width: a.width)
                if on { current.append(point) }
                toggle(at: point)
                if lengths.allSatisfy({ $0 == 0 }) { return [vertices] }
            }
            remaining -= length - travelled
            if on { current.append(Vertex(x: b.x, y: b.y, width: i + 1 == vertices.count - 1 ? a.width : b.width)) }
        }
        // A dash that would start exactly where the path ends has no length: cairo draws nothing there.
        let last = dedupe(current)
        if on && (last.count > 1 || (last.count == 1 && lengths[index] == 0)) { dashes.append(last) }
        return dashes.map(dedupe)
    }

    /// Drops repeated vertices at a dash's ends (a dash that starts exactly at a vertex).
    private static func dedupe(_ dash: [Vertex]) -> [Vertex] {
        var out: [Vertex] = []
        for v in dash where out.last.map({ $0.x != v.x || $0.y != v.y }) ?? true { out.append(v) }
        if out.count >= 2 {
            // The last vertex carries the width of the segment that ends there.
            out[out.count - 1].width = out[out.count - 2].width
        }
        return out
    }
}
