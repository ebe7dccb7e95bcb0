import InkModel

/// Finds the lines of handwriting in a layer from its strokes' geometry and pen order.
///
/// A stroke joins the line whose middle is nearest its own middle, within `joinDistance`
/// letter heights, and not more than `columnGap` letter heights to its side (two columns at
/// one height are two lines); the line the previous stroke went to is preferred (the pen
/// order: a dot or a bar belongs to the word just written). Lines come out top to bottom,
/// then left to right.
enum LineFinder {
    static let joinDistance = 0.75
    static let columnGap = 4.0

    static func lines(of layer: PageLayer) -> [InkLine] {
        let extents = StrokeExtent.extents(of: layer)
        guard !extents.isEmpty else { return [] }
        let letterHeight = median(extents.map(\.height).filter { $0 > 0.5 }) ?? 10
        let height = max(letterHeight, 2)
        struct Building { var members: [StrokeExtent]; var centreSum: Double; var minX, maxX: Double
            var minY: Double { members.map(\.minY).min() ?? 0 }
            var maxY: Double { members.map(\.maxY).max() ?? 0 }
            var centre: Double { centreSum / Double(members.count) } }
        var lines: [Building] = []
        var previous: Int?
        for extent in extents {
            func fits(_ line: Building, reach: Double) -> Bool {
                abs(extent.centreY - line.centre) <= reach * height
                    && extent.minX <= line.maxX + columnGap * height && extent.maxX >= line.minX - columnGap * height
            }
            var chosen: Int?
            if let previous, fits(lines[previous], reach: joinDistance * 1.4) {
                chosen = previous
            } else {
                var best = Double.infinity
                for (index, line) in lines.enumerated() where fits(line, reach: joinDistance) {
                    let distance = abs(extent.centreY - line.centre)
                    if distance < best { best = distance; chosen = index }
                }
            }
            // A dot or a short bar counts for its place, not for the line's middle.
            let weight = extent.height < height * 0.3 && extent.width < height * 0.3
            if let chosen {
                lines[chosen].members.append(extent)
                if !weight {
                    lines[chosen].centreSum += extent.centreY
                } else {
                    lines[chosen].centreSum += lines[chosen].centre
                }
                lines[chosen].minX = min(lines[chosen].minX, extent.minX)
                lines[chosen].maxX = max(lines[chosen].maxX, extent.maxX)
            } else {
                lines.append(Building(members: [extent], centreSum: extent.centreY, minX: extent.minX, maxX: extent.maxX))
                chosen = lines.count - 1
            }
            previous = chosen
        }
        // Lines side by side whose letters share most of their height are one line (a word begun
        // above or below the others).
        var merged = true
        while merged {
            merged = false
            outer: for i in lines.indices {
                for j in lines.indices where j > i {
                    let a = lines[i], b = lines[j]
                    let gap = max(a.minX, b.minX) - min(a.maxX, b.maxX)
                    let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                    let shared = overlap > 0.6 * min(a.maxY - a.minY, b.maxY - b.minY)
                    guard abs(a.centre - b.centre) <= joinDistance * height * 1.2 || shared, gap <= columnGap * height else { continue }
                    lines[i].members += b.members
                    lines[i].centreSum += b.centreSum
                    lines[i].minX = min(a.minX, b.minX)
                    lines[i].maxX = max(a.maxX, b.maxX)
                    lines.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        let found = lines.map { line -> InkLine in
            var box = line.members[0].box
            for member in line.members.dropFirst() { box = box.union(member.box) }
            let heights = line.members.map(\.height).filter { $0 > 0.5 }
            return InkLine(strokes: line.members.map(\.index).sorted(), box: box, letterHeight: max(median(heights) ?? height, 2))
        }
        return found.sorted { a, b in
            let sameRow = abs((a.box.y + a.box.maxY) / 2 - (b.box.y + b.box.maxY) / 2) < min(a.letterHeight, b.letterHeight)
            return sameRow ? a.box.x < b.box.x : a.box.y < b.box.y
        }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
