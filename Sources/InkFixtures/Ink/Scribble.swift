#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hand-drawn shapes as dense polylines in displayed page coordinates (y down);
/// ``Handwriter`` turns them into strokes.
public enum Scribble {
    /// A slightly wavy line, as when underlining.
    public static func line(from start: Point, to end: Point, waviness: Double = 0.6, random: inout SplitMix64) -> [Point] {
        let length = hypot(end.x - start.x, end.y - start.y)
        let count = max(2, Int(length / 1.5))
        let nx = -(end.y - start.y) / max(length, 1e-9), ny = (end.x - start.x) / max(length, 1e-9)
        let phase = random.uniform(0...(2 * .pi)), cycles = random.uniform(0.6...1.6)
        let sag = random.uniform(-1...1) * waviness
        return (0..<count).map { k in
            let f = Double(k) / Double(count - 1)
            let offset = waviness * sin(2 * .pi * cycles * f + phase) + sag * sin(.pi * f)
            return Point(start.x + (end.x - start.x) * f + nx * offset, start.y + (end.y - start.y) * f + ny * offset)
        }
    }

    /// A loop around a centre that overshoots its start, as when circling a word.
    public static func ellipse(center: Point, radiusX: Double, radiusY: Double, random: inout SplitMix64) -> [Point] {
        let start = random.uniform(2.6...3.4)
        let sweep = 2 * Double.pi * random.uniform(1.06...1.14)
        let tilt = random.uniform(-0.06...0.06)
        let phase = random.uniform(0...(2 * .pi))
        let count = max(24, Int((radiusX + radiusY) * 1.2))
        return (0..<count).map { k in
            let f = Double(k) / Double(count - 1)
            let angle = start - sweep * f
            let grow = 1 + 0.05 * f + 0.025 * sin(2 * angle + phase)
            let x = radiusX * grow * cos(angle), y = radiusY * grow * sin(angle)
            return Point(center.x + x * cos(tilt) - y * sin(tilt), center.y + x * sin(tilt) + y * cos(tilt))
        }
    }

    /// One word of joined-up "letters": loops, arches and descenders on a baseline,
    /// slanted like cursive. Returns the path and where the word ends.
    public static func cursiveWord(start: Point, xHeight: Double, letters: Int, slant: Double = 0.28,
                            random: inout SplitMix64) -> (path: [Point], endX: Double) {
        var path: [Point] = []
        var x = start.x
        let base = start.y
        // Lead-in stroke from below the baseline.
        path.append(Point(x - xHeight * 0.35, base + xHeight * 0.1))
        for _ in 0..<letters {
            let kind = random.integer(0...9)
            let width = xHeight * random.uniform(0.95...1.3)
            // `loop` above width/2π turns the top of the arch back on itself: a loop.
            let height: Double, loop: Double, below: Bool
            switch kind {
            case 0...3: height = xHeight * random.uniform(0.85...1.1); loop = width * random.uniform(0.2...0.3); below = false  // e, o
            case 4...6: height = xHeight * random.uniform(0.8...1.0); loop = -width * 0.08; below = false                    // n, m, u
            case 7...8: height = xHeight * random.uniform(1.9...2.4); loop = width * 0.3; below = false                       // l, h, k
            default: height = xHeight * random.uniform(1.3...1.7); loop = width * 0.25; below = true                          // g, y
            }
            let drift = random.uniform(-0.06...0.06) * xHeight
            let samples = 16
            for k in 1...samples {
                let theta = 2 * Double.pi * Double(k) / Double(samples)
                let along = width * theta / (2 * .pi) + loop * sin(theta)
                let rise = height * (1 - cos(theta)) / 2
                let y = below ? base + rise * 0.9 : base - rise
                let sx = x + along + slant * (base - y)
                path.append(Point(sx, y + drift * sin(theta / 2)))
            }
            x += width
        }
        // Exit flick.
        path.append(Point(x + xHeight * 0.4, base - xHeight * 0.35))
        return (path, x + xHeight * 0.4)
    }

    /// A gently bent shaft from `start` to `end`; `bend` is the sideways bulge
    /// as a fraction of the length.
    public static func arrowShaft(from start: Point, to end: Point, bend: Double) -> [Point] {
        let mid = Point((start.x + end.x) / 2 - (end.y - start.y) * bend, (start.y + end.y) / 2 + (end.x - start.x) * bend)
        let count = max(8, Int(hypot(end.x - start.x, end.y - start.y) / 2))
        return (0..<count).map { k in
            let t = Double(k) / Double(count - 1), u = 1 - t
            return Point(u * u * start.x + 2 * u * t * mid.x + t * t * end.x,
                         u * u * start.y + 2 * u * t * mid.y + t * t * end.y)
        }
    }

    /// The two barbs of an arrowhead at the end of `shaft`, drawn as one V.
    public static func arrowHead(for shaft: [Point], size: Double = 7) -> [Point] {
        let tip = shaft[shaft.count - 1]
        let back = shaft[max(0, shaft.count - 4)]
        let angle = atan2(tip.y - back.y, tip.x - back.x)
        let left = Point(tip.x - size * cos(angle - 0.45), tip.y - size * sin(angle - 0.45))
        let right = Point(tip.x - size * cos(angle + 0.45), tip.y - size * sin(angle + 0.45))
        return densify([left, tip, right], step: 1)
    }

    /// A tick: short stroke down, long stroke up.
    public static func checkMark(at origin: Point, size: Double) -> [Point] {
        densify([Point(origin.x, origin.y), Point(origin.x + size * 0.35, origin.y + size * 0.4),
                 Point(origin.x + size, origin.y - size * 0.65)], step: 1)
    }

    /// A five-pointed star drawn in one go.
    public static func star(center: Point, radius: Double) -> [Point] {
        var corners: [Point] = []
        for k in 0...5 {
            let angle = -Double.pi / 2 + Double(k) * 4 * .pi / 5
            corners.append(Point(center.x + radius * cos(angle), center.y + radius * sin(angle)))
        }
        return densify(corners, step: 1.5)
    }

    /// A tall curved bracket in a margin, opening to the right when `facingRight`.
    public static func bracket(x: Double, top: Double, bottom: Double, depth: Double, facingRight: Bool) -> [Point] {
        let count = max(10, Int((bottom - top) / 2))
        let sign = facingRight ? -1.0 : 1.0
        return (0..<count).map { k in
            let f = Double(k) / Double(count - 1)
            return Point(x + sign * depth * sin(.pi * f), top + (bottom - top) * f)
        }
    }

    /// A back-and-forth zigzag (crossing something out).
    public static func zigzag(from start: Point, width: Double, height: Double, turns: Int) -> [Point] {
        var corners: [Point] = []
        for k in 0...turns {
            corners.append(Point(start.x + width * Double(k) / Double(turns), start.y + (k % 2 == 0 ? 0 : height)))
        }
        return densify(corners, step: 1.5)
    }

    /// Straight segments through `corners`, sampled every `step` points.
    public static func densify(_ corners: [Point], step: Double) -> [Point] {
        guard var previous = corners.first else { return [] }
        var out = [previous]
        for corner in corners.dropFirst() {
            let n = max(1, Int(hypot(corner.x - previous.x, corner.y - previous.y) / step))
            for k in 1...n {
                let f = Double(k) / Double(n)
                out.append(Point(previous.x + (corner.x - previous.x) * f, previous.y + (corner.y - previous.y) * f))
            }
            previous = corner
        }
        return out
    }
}
