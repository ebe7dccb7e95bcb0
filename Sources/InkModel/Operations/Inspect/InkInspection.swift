/// What an ink-layers file holds, page by page: the content version each
/// page and the document need, stroke and point counts, the inks used, the
/// bounds of the points and the time span of the strokes.
///
/// Made in one streaming pass; memory is one summary per inked page.
public struct InkInspection: Sendable, Equatable {
    public var header: InkLayersHeader
    /// Inked pages, ascending.
    public var pages: [Summary]
    /// The whole document (its `page` is 0).
    public var document: Summary

    /// Reads and validates the whole file at `path`.
    /// - Throws: `InkFileError` or `InkLayersError`.
    public init(path: String) throws {
        let reader = try InkLayersReader(path: path)
        var byPage: [Int: Summary] = [:]
        while let layer = try reader.nextLayer() {
            byPage[layer.page, default: Summary(page: layer.page)].add(layer)
        }
        header = reader.header
        pages = byPage.keys.sorted().map { byPage[$0]! }
        document = Summary(page: 0)
        for page in pages { document.absorb(page) }
    }

    /// Counts, inks, bounds and times of a page or of the document.
    public struct Summary: Sendable, Equatable {
        public var page: Int
        public var layers = 0
        public var strokes = 0
        public var points = 0
        /// Recognised-text entries (words or lines the ink is said to read).
        public var textEntries = 0
        /// Strokes per ink type name.
        public var inks: [String: Int] = [:]
        public var requiredVersion = ContentVersion.minimum
        /// Of the points' positions after each stroke's transform; nil without points.
        public var bounds: Bounds?
        /// From the earliest `created` to the latest point's time; nil without strokes.
        public var timeSpan: TimeSpan?

        public init(page: Int) { self.page = page }

        /// Ink names by decreasing stroke count, then by name.
        public var inksByUse: [(name: String, strokes: Int)] {
            inks.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
        }

        mutating func add(_ layer: PageLayer) {
            layers += 1
            if case .array(let entries)? = layer.extra[RecognisedText.key] { textEntries += entries.count }
            for stroke in layer.strokes {
                strokes += 1
                points += stroke.points.count
                inks[stroke.ink.type.name, default: 0] += 1
                requiredVersion = max(requiredVersion, ContentVersion(requiredBy: stroke.ink.type))
                let transform = stroke.transform ?? .identity
                var lastTime = 0.0
                for point in stroke.points {
                    let (x, y) = transform.apply(x: point.x, y: point.y)
                    bounds = bounds?.including(x: x, y: y) ?? Bounds(minX: x, minY: y, maxX: x, maxY: y)
                    lastTime = max(lastTime, point.t)
                }
                let span = TimeSpan(start: stroke.created, end: stroke.created + lastTime)
                timeSpan = timeSpan?.union(span) ?? span
            }
        }

        mutating func absorb(_ other: Summary) {
            layers += other.layers
            strokes += other.strokes
            points += other.points
            textEntries += other.textEntries
            for (name, count) in other.inks { inks[name, default: 0] += count }
            requiredVersion = max(requiredVersion, other.requiredVersion)
            if let otherBounds = other.bounds {
                bounds = bounds.map {
                    $0.including(x: otherBounds.minX, y: otherBounds.minY).including(x: otherBounds.maxX, y: otherBounds.maxY)
                } ?? otherBounds
            }
            if let otherSpan = other.timeSpan { timeSpan = timeSpan?.union(otherSpan) ?? otherSpan }
        }
    }

    /// A rectangle in page coordinates (points from the top-left, y down).
    public struct Bounds: Sendable, Equatable {
        public var minX, minY, maxX, maxY: Double

        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }

        func including(x: Double, y: Double) -> Bounds {
            Bounds(minX: min(minX, x), minY: min(minY, y), maxX: max(maxX, x), maxY: max(maxY, y))
        }
    }

    /// Seconds since 1970-01-01 UTC.
    public struct TimeSpan: Sendable, Equatable {
        public var start, end: Double

        public init(start: Double, end: Double) {
            self.start = start
            self.end = end
        }

        func union(_ other: TimeSpan) -> TimeSpan {
            TimeSpan(start: min(start, other.start), end: max(end, other.end))
        }
    }
}
