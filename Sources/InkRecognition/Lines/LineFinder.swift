import InkModel

/// Finds the lines of handwriting in a layer from its strokes' geometry and pen order.
///
/// A line is a band of heights. A stroke joins the line whose band it shares most of
/// (at least `sharedHeight` of the lower of the two: a flat bar inside a band joins it, as
/// does a tall stroke through a thin band), not more than `columnGap` band heights to its
/// side (two columns at one height are two lines). The line the previous stroke went to is
/// preferred, and takes a small mark just above or below it too (the pen order: the dot of an i,
/// an accent, belongs to the word just written). Lines side by side that share most of their
/// heights are then one. Lines come out top to bottom, then left to right.
enum LineFinder {
    static let sharedHeight = 0.5
    static let columnGap = 4.0
    /// How far above or below its band (in band heights) the previous stroke's line takes a stroke.
    static let markReach = 0.5
    /// How large (in band heights) a mark may be: a dot, an accent, a short bar.
    static let markSize = 0.4
    /// How many of the latest lines a stroke (or a line, when lines are joined) is compared with.
    static let recentLines = 32

    struct Band {
        var members: [StrokeExtent]
        var minX, maxX, minY, maxY: Double
        var height: Double { max(maxY - minY, 1) }

        init(_ extent: StrokeExtent) {
            members = [extent]
            minX = extent.minX; maxX = extent.maxX; minY = extent.minY; maxY = extent.maxY
        }

        mutating func add(_ extent: StrokeExtent) {
            members.append(extent)
            minX = min(minX, extent.minX); maxX = max(maxX, extent.maxX)
            minY = min(minY, extent.minY); maxY = max(maxY, extent.maxY)
        }

        mutating func absorb(_ other: Band) {
            for member in other.members { add(member) }
        }

        /// The share of the lower of the two heights that both cover (heights at least 1 pt).
        func shared(minY otherMinY: Double, maxY otherMaxY: Double) -> Double {
            let overlap = min(maxY, otherMaxY) - max(minY, otherMinY)
            return overlap / min(height, max(otherMaxY - otherMinY, 1))
        }

        func isBeside(minX otherMinX: Double, maxX otherMaxX: Double, within reach: Double) -> Bool {
            otherMinX <= maxX + reach && otherMaxX >= minX - reach
        }
    }

    static func lines(of layer: PageLayer) -> [InkLine] {
        let extents = StrokeExtent.extents(of: layer)
        guard !extents.isEmpty else { return [] }
        var bands: [Band] = []
        var previous: Int?
        for extent in extents {
            var chosen: Int?, best = sharedHeight
            // The lines written last (pen order): work bounded by strokes × `recentLines`, whatever the page.
            for index in bands.indices.suffix(recentLines)
            where bands[index].isBeside(minX: extent.minX, maxX: extent.maxX, within: columnGap * bands[index].height) {
                let band = bands[index]
                let shared = band.shared(minY: extent.minY, maxY: extent.maxY)
                if shared >= best || (index == previous && shared >= best * 0.8) { best = shared; chosen = index }
            }
            if chosen == nil, let previous {
                let band = bands[previous]
                let reach = markReach * band.height
                if extent.maxY >= band.minY - reach, extent.minY <= band.maxY + reach,
                   extent.height <= markSize * band.height, extent.width <= markSize * band.height,
                   band.isBeside(minX: extent.minX, maxX: extent.maxX, within: band.height) {
                    chosen = previous
                }
            }
            if let chosen {
                bands[chosen].add(extent)
            } else {
                bands.append(Band(extent))
                chosen = bands.count - 1
            }
            previous = chosen
        }
        // Neighbours in height only (sorted by top): n log n, a few passes.
        for _ in 0..<3 {
            bands.sort { $0.minY < $1.minY }
            var merged: [Band] = []
            var changed = false
            for band in bands {
                if let index = merged.indices.suffix(recentLines).last(where: { i in
                    merged[i].shared(minY: band.minY, maxY: band.maxY) > 0.6
                        && merged[i].isBeside(minX: band.minX, maxX: band.maxX, within: columnGap * max(merged[i].height, band.height))
                }) {
                    merged[index].absorb(band)
                    changed = true
                } else {
                    merged.append(band)
                }
            }
            bands = merged
            if !changed { break }
        }
        let found = bands.map { band -> InkLine in
            let heights = band.members.map(\.height).filter { $0 > 0.5 }
            return InkLine(strokes: band.members.map(\.index).sorted(),
                           box: RecognisedText.Box(x: band.minX, y: band.minY, width: band.maxX - band.minX, height: band.maxY - band.minY),
                           letterHeight: max(median(heights) ?? band.height, 2))
        }
        return found.sorted { a, b in
            let sameRow = abs((a.box.y + a.box.maxY) / 2 - (b.box.y + b.box.maxY) / 2) < min(a.box.height, b.box.height) / 2
            return sameRow ? a.box.x < b.box.x : a.box.y < b.box.y
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
