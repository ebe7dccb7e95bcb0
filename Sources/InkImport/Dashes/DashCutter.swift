/// The cutting of a polyline into the dashes of a pattern, as cairo draws a dashed
/// line: the pattern, in points, runs on along the whole polyline, and each dash gets
/// the stroke's caps (Xournal++'s dash styles and rnote's line styles both cut here).
///
/// The work is bounded: a pattern whose period (one run through its lengths) is shorter
/// than `minimumPeriod` is not cut at all (no renderer shows gaps of a hundredth of a
/// point, and cairo itself approximates patterns below its tolerance), and a caller
/// estimates a stroke's dashes from its length (`estimatedDashes`) before any is cut.
enum DashCutter {
    /// The shortest period a pattern is cut at, in points.
    static let minimumPeriod = 0.01

    /// The most dashes one document's strokes are cut into, together (Xournal++'s styles and
    /// rnote's line styles alike); a stroke that would pass what is left is drawn solid. Every
    /// dash is a stroke of its own on its page, all of a page's held while it is drawn, so this
    /// bounds a page's memory too: far above what a real notebook cuts (a dashed line of a page's
    /// width is a few dozen dashes), well under what one page of dots may hold within 1 GiB.
    static let maximumDashesPerDocument = 250_000

    /// One run through `pattern`, as cairo repeats it (an odd-length pattern twice).
    static func period(_ pattern: [Double]) -> Double {
        let sum = pattern.reduce(0, +)
        return pattern.count % 2 == 1 ? 2 * sum : sum
    }

    /// An upper bound on the dashes `split` cuts `pieces` into (infinite for a period of 0).
    static func estimatedDashes(_ pieces: [[Vertex]], pattern: [Double]) -> Double {
        let period = period(pattern)
        let dashesPerPeriod = Double((pattern.count % 2 == 1 ? 2 * pattern.count : pattern.count) / 2)
        var total = 0.0
        for piece in pieces {
            var length = 0.0
            for (a, b) in zip(piece, piece.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y
                length += (dx * dx + dy * dy).squareRoot()
            }
            total += (length / period + 1) * dashesPerPeriod
        }
        return total
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
