import InkModel

/// Finds the lines of handwriting in a layer from its strokes' geometry and pen order.
///
/// The page's letter size (`unit`: the height nine strokes in ten stay within) measures everything.
/// Strokes that are not writing are set aside first: taller than `tallest` units (braces,
/// arrows down a page, boxes, a tree's edges) or long and flat (underlines, rules). A line is
/// then a run of strokes whose middles lie near one height: a stroke joins the line whose middle
/// is nearest its own, within `reach` units (or that lies mostly within the line's core) and not more than `columnGap` units to its side
/// (two columns at one height are two lines), the line the previous stroke went to preferred
/// (the pen order). A line's middle follows its strokes, so no stroke can stretch a line over its
/// neighbours (one tall stroke used to join whole paragraphs). A small mark (a dot, an accent)
/// joins the line just written when it is near it. Lines whose middles are within `sameLine`
/// units and that lie side by side are then one. Lines come out top to bottom, then left to right.
enum LineFinder {
    /// Units (letter sizes): the tallest stroke taken as writing.
    static let tallest = 2.2
    /// Units: a stroke this much wider than tall and flatter than `flattest` is a rule.
    static let ruleLength = 8.0
    static let flattest = 0.35
    /// Units: how far a stroke's middle may lie from a line's middle to join it.
    static let reach = 0.6
    /// A stroke that lies this much within a line's core (half a unit either side of its middle) joins it too.
    static let coreShare = 0.6
    /// Units: a stroke further than this to the side of a line starts another line.
    static let columnGap = 4.0
    /// Units: how large a mark may be (a dot, an accent, a short bar).
    static let markSize = 0.45
    /// Units: how far from the middle of the line just written a mark may lie.
    static let markReach = 1.1
    /// Units: lines whose middles are this close, side by side, are one.
    static let sameLine = 0.45
    /// How many of the latest lines a stroke (or a line, when lines are joined) is compared with.
    static let recentLines = 32

    struct Band {
        var members: [StrokeExtent]
        var minX, maxX, minY, maxY: Double
        /// The mean of its strokes' middles, weighted by their heights (small marks count little).
        var middleSum: Double, weight: Double
        var middle: Double { middleSum / weight }

        init(_ extent: StrokeExtent) {
            members = []
            minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
            middleSum = 0; weight = 0
            add(extent)
        }

        mutating func add(_ extent: StrokeExtent) {
            members.append(extent)
            minX = min(minX, extent.minX); maxX = max(maxX, extent.maxX)
            minY = min(minY, extent.minY); maxY = max(maxY, extent.maxY)
            let w = max(extent.height, 0.5)
            middleSum += extent.centreY * w
            weight += w
        }

        mutating func absorb(_ other: Band) {
            for member in other.members { add(member) }
        }

        func isBeside(minX otherMinX: Double, maxX otherMaxX: Double, within reach: Double) -> Bool {
            otherMinX <= maxX + reach && otherMaxX >= minX - reach
        }
    }

    /// The page's letter size: the height nine strokes in ten stay within (points, at least 2):
    /// a letter with its ascender in print, a word in cursive, a whole character in CJK (whose strokes
    /// are most of them parts of one).
    static func unit(of extents: [StrokeExtent]) -> Double {
        let heights = extents.map(\.height).filter { $0 > 0.5 }.sorted()
        guard !heights.isEmpty else { return 10 }
        return max(heights[min(heights.count - 1, heights.count * 9 / 10)], 2)
    }

    /// Whether a stroke of `extent` may be writing on a page whose letters are `unit` high.
    static func isWriting(_ extent: StrokeExtent, unit: Double) -> Bool {
        if extent.height > tallest * unit { return false }
        if extent.width > ruleLength * unit, extent.height < flattest * unit { return false }
        return true
    }

    static func lines(of layer: PageLayer) -> [InkLine] {
        lines(of: StrokeExtent.extents(of: layer))
    }

    static func lines(of allExtents: [StrokeExtent]) -> [InkLine] {
        guard !allExtents.isEmpty else { return [] }
        let unit = unit(of: allExtents)
        let extents = allExtents.filter { isWriting($0, unit: unit) }
        var bands: [Band] = []
        var previous: Int?
        for extent in extents {
            let isMark = extent.height <= markSize * unit && extent.width <= markSize * unit
            var chosen: Int?, best = Double.infinity
            for index in bands.indices.suffix(recentLines)
            where bands[index].isBeside(minX: extent.minX, maxX: extent.maxX, within: columnGap * unit) {
                let middle = bands[index].middle
                var distance = abs(extent.centreY - middle)
                if index == previous { distance *= 0.8 }
                // Near the line's middle, or lying mostly within its core (half a unit either side of it).
                let core = min(extent.maxY, middle + unit / 2) - max(extent.minY, middle - unit / 2)
                let within = core >= coreShare * max(min(extent.height, unit), 0.1 * unit)
                if distance <= reach * unit || within, distance < best { best = distance; chosen = index }
            }
            if chosen == nil, isMark, let previous {
                let band = bands[previous]
                if abs(extent.centreY - band.middle) <= markReach * unit, band.isBeside(minX: extent.minX, maxX: extent.maxX, within: unit) {
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
        // Neighbours in height only (sorted by middle): n log n, a few passes.
        for _ in 0..<3 {
            bands.sort { $0.middle < $1.middle }
            var merged: [Band] = []
            var changed = false
            for band in bands {
                if let index = merged.indices.suffix(recentLines).last(where: { i in
                    abs(merged[i].middle - band.middle) <= sameLine * unit
                        && merged[i].isBeside(minX: band.minX, maxX: band.maxX, within: columnGap * unit)
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
                           letterHeight: max(median(heights) ?? (band.maxY - band.minY), 2))
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
