import Foundation

/// The centrelines that stand for the standard annotation shapes, in default
/// user space (y up): pure functions of the numbers an annotation holds,
/// bounded by them (an ellipse has a fixed number of sides, a squiggle and a
/// dash pattern a cap on their pieces).
enum AnnotationGeometry {
    typealias Position = (x: Double, y: Double)

    /// One line of text marked by a `/QuadPoints` quadrilateral: its bottom and top
    /// edges, each from the start of the text to its end.
    struct Quad {
        var bottom: (start: Position, end: Position)
        var top: (start: Position, end: Position)
        /// The distance between the two edges.
        var height: Double {
            let mid = { (a: Position, b: Position) in (x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
            let b = mid(bottom.start, bottom.end), t = mid(top.start, top.end)
            return hypot(t.x - b.x, t.y - b.y)
        }
        var middle: (start: Position, end: Position) {
            ((x: (bottom.start.x + top.start.x) / 2, y: (bottom.start.y + top.start.y) / 2),
             (x: (bottom.end.x + top.end.x) / 2, y: (bottom.end.y + top.end.y) / 2))
        }
    }

    /// The quadrilaterals of `/QuadPoints` (groups of eight numbers). Real files do not
    /// keep the specification's counter-clockwise order: Acrobat and pdf.js write upper-left,
    /// upper-right, lower-left, lower-right. Either way points 1 → 2 run along the text;
    /// of the other two, the one nearer point 1 is its partner across the line, and the
    /// edge lying to the left of the text's direction (y up) is the top.
    static func quads(_ numbers: [Double]) -> [Quad] {
        stride(from: 0, to: numbers.count - 7, by: 8).map { index in
            let p = (0..<4).map { (x: numbers[index + 2 * $0], y: numbers[index + 2 * $0 + 1]) }
            let first = p[0], second = p[1]
            let near = hypot(p[2].x - first.x, p[2].y - first.y) <= hypot(p[3].x - first.x, p[3].y - first.y)
            let partnerFirst = near ? p[2] : p[3], partnerSecond = near ? p[3] : p[2]
            var direction = (x: second.x - first.x, y: second.y - first.y)
            if direction.x == 0, direction.y == 0 { direction = (1, 0) }
            let left = (x: -direction.y, y: direction.x)
            let across = (partnerFirst.x + partnerSecond.x - first.x - second.x) * left.x
                + (partnerFirst.y + partnerSecond.y - first.y - second.y) * left.y
            let one = (start: first, end: second), other = (start: partnerFirst, end: partnerSecond)
            return across >= 0 ? Quad(bottom: one, top: other) : Quad(bottom: other, top: one)
        }
    }

    /// A line `fraction` of the way from the quad's bottom to its top.
    static func line(across quad: Quad, at fraction: Double) -> [Position] {
        func lerp(_ a: Position, _ b: Position) -> Position { (a.x + (b.x - a.x) * fraction, a.y + (b.y - a.y) * fraction) }
        return [lerp(quad.bottom.start, quad.top.start), lerp(quad.bottom.end, quad.top.end)]
    }

    /// Squiggly underline: a zigzag along the quad's bottom, a sixth of its height high
    /// and wide per step (as poppler draws it), at most `maximumSteps` steps.
    static func squiggle(under quad: Quad, maximumSteps: Int) -> [Position] {
        let start = quad.bottom.start, end = quad.bottom.end
        let length = hypot(end.x - start.x, end.y - start.y)
        let step = max(quad.height / 6, 0.5)
        // The caller checks the corners against `InkRange`; a length that is still not finite
        // (or a step that is not) gives the plain line rather than a count `Int` cannot hold.
        guard length > 0, length.isFinite, step.isFinite else { return [start, end] }
        let unit = (x: (end.x - start.x) / length, y: (end.y - start.y) / length)
        let up = (x: -unit.y, y: unit.x)
        let steps = Int(min((length / step).rounded(.up), Double(maximumSteps)))
        let spacing = length / Double(max(steps, 1))
        return (0...steps).map { index in
            let along = Double(index) * spacing, lift = index % 2 == 0 ? 0 : step
            return (start.x + unit.x * along + up.x * lift, start.y + unit.y * along + up.y * lift)
        }
    }

    /// The rectangle `rect` (x1 y1 x2 y2, any corners) less `/RD` (left, top, right, bottom)
    /// and half the border `width`: the line a border of that width is drawn along.
    static func inset(_ rect: [Double], differences: [Double]?, width: Double) -> (x0: Double, y0: Double, x1: Double, y1: Double)? {
        guard rect.count == 4 else { return nil }
        var (x0, y0, x1, y1) = (min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(rect[1], rect[3]))
        if let d = differences, d.count == 4, d.allSatisfy({ $0 >= 0 }), d[0] + d[2] < x1 - x0, d[1] + d[3] < y1 - y0 {
            x0 += d[0]; y1 -= d[1]; x1 -= d[2]; y0 += d[3]
        }
        let half = min(width / 2, (x1 - x0) / 2, (y1 - y0) / 2)
        return (x0 + half, y0 + half, x1 - half, y1 - half)
    }

    /// A closed rectangle, counter-clockwise from its lower-left corner.
    static func rectangle(_ r: (x0: Double, y0: Double, x1: Double, y1: Double)) -> [Position] {
        [(r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1), (r.x0, r.y0)]
    }

    /// The ellipse inscribed in `r` as a closed polyline of `sides` sides.
    static func ellipse(_ r: (x0: Double, y0: Double, x1: Double, y1: Double), sides: Int = 72) -> [Position] {
        let cx = (r.x0 + r.x1) / 2, cy = (r.y0 + r.y1) / 2, rx = (r.x1 - r.x0) / 2, ry = (r.y1 - r.y0) / 2
        return (0...sides).map { index in
            let angle = 2 * Double.pi * Double(index % sides) / Double(sides)
            return (cx + rx * cos(angle), cy + ry * sin(angle))
        }
    }

    /// `line` cut into the pieces a dash pattern draws (on, off, on, …, repeated); nil when
    /// that would take more than `maximumPieces` pieces (the caller then draws it solid).
    static func dashed(_ line: [Position], pattern: [Double], maximumPieces: Int) -> [[Position]]? {
        let pattern = pattern.count % 2 == 0 ? pattern : pattern + pattern
        let period = pattern.reduce(0, +)
        guard period > 0, line.count >= 2 else { return [line] }
        var total = 0.0
        for (a, b) in zip(line, line.dropFirst()) { total += hypot(b.x - a.x, b.y - a.y) }
        guard total / period * Double(pattern.count) / 2 <= Double(maximumPieces) else { return nil }
        var pieces: [[Position]] = []
        var current: [Position] = []
        var slot = 0, left = pattern[0]
        for (a, b) in zip(line, line.dropFirst()) {
            var length = hypot(b.x - a.x, b.y - a.y)
            var from = a
            while length > 0 {
                let take = min(left, length)
                let t = take / length
                let to = (x: from.x + (b.x - from.x) * t, y: from.y + (b.y - from.y) * t)
                if slot % 2 == 0 {
                    if current.isEmpty { current.append(from) }
                    current.append(to)
                }
                length -= take
                left -= take
                from = to
                if left <= 0 {
                    if slot % 2 == 0, current.count >= 2 { pieces.append(current) }
                    current = []
                    slot = (slot + 1) % pattern.count
                    left = pattern[slot]
                }
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }
}
