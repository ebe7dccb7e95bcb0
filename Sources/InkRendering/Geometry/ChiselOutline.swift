import Foundation

/// The outline of a flat rectangular nib (a highlighter's chisel) swept along
/// a centreline: the Minkowski sum of the path and the rectangle.
///
/// Each side is the centreline offset by the rectangle's corner farthest
/// along the normal; where the direction of travel crosses one of the
/// rectangle's axes the farthest corner changes, and the side runs straight
/// along the rectangle's edge to the next corner. Caps are the rectangle's
/// front and back halves. Pieces are cut at turns of more than 90° and wound
/// alike, as in `VariableWidthOutline`, so one non-zero fill paints each
/// pixel of the stroke once.
public enum ChiselOutline {
    /// The nib: `length` across the azimuth (the broad edge), `thickness` along it.
    public struct Chisel: Sendable, Equatable {
        public var length: Double
        public var thickness: Double
        /// The azimuth: the direction the pen's barrel points on the page.
        public var angle: Double

        public init(length: Double, thickness: Double, angle: Double) {
            self.length = length
            self.thickness = thickness
            self.angle = angle
        }

        /// The corners in order round the rectangle, relative to its centre.
        var corners: [Point] {
            let along = Point(cos(angle), sin(angle)) * (max(thickness, 0.01) / 2)
            let across = Point(-sin(angle), cos(angle)) * (max(length, 0.01) / 2)
            return [along + across, across - along, (along + across) * -1, along - across]
        }
    }

    /// With `fitted` false the sides are polylines through every sample (the reference fitting is measured against).
    public static func outline(centre: [Point], chisel: Chisel, fitted: Bool = true) -> InkPath {
        var points: [Point] = []
        points.reserveCapacity(centre.count)
        for p in centre where points.last.map({ $0.distance(to: p) >= 1e-6 }) ?? true { points.append(p) }
        let corners = chisel.corners
        var path = InkPath()
        guard points.count > 1 else {
            if let c = points.first {
                path.move(to: c + corners[0])
                for corner in corners.dropFirst() { path.line(to: c + corner) }
                path.close()
            }
            return path
        }
        VariableWidthOutline.forEachPiece(points) { range in
            appendPiece(Array(points[range]), corners, fitted: fitted, to: &path)
        }
        return path
    }

    /// The corner farthest along `n`.
    private static func farthest(_ corners: [Point], along n: Point) -> Int {
        var best = 0, bestDot = -Double.infinity
        for (index, corner) in corners.enumerated() {
            let d = VariableWidthOutline.dot(corner, n)
            if d > bestDot + 1e-12 { best = index; bestDot = d }
        }
        return best
    }

    /// The corners from `from` to `to` (inclusive) going round the shorter way,
    /// or, when they are opposite, through the corner farther along `towards`.
    private static func walk(_ corners: [Point], from: Int, to: Int, towards: Point) -> [Int] {
        let forward = (to - from + 4) % 4
        switch forward {
        case 0: return [from]
        case 1: return [from, to]
        case 3: return [from, to]
        default:
            let next = (from + 1) % 4, previous = (from + 3) % 4
            let via = VariableWidthOutline.dot(corners[next], towards) >= VariableWidthOutline.dot(corners[previous], towards) ? next : previous
            return [from, via, to]
        }
    }

    private static func appendPiece(_ p: [Point], _ corners: [Point], fitted: Bool, to path: inout InkPath) {
        let n = p.count
        var left = Side(capacity: n), right = Side(capacity: n)
        var previousLeft = -1
        for i in 0..<n {
            let d = VariableWidthOutline.direction(p[max(i - 1, 0)], p[min(i + 1, n - 1)])
            let normal = VariableWidthOutline.normal(d)
            let k = farthest(corners, along: normal)
            if previousLeft >= 0 && k != previousLeft {
                // The side runs along the rectangle's edge(s) to the new corner.
                for index in walk(corners, from: previousLeft, to: k, towards: normal) {
                    left.append(p[i] + corners[index], corner: true)
                }
                for index in walk(corners, from: (previousLeft + 2) % 4, to: (k + 2) % 4, towards: normal * -1) {
                    right.append(p[i] + corners[index], corner: true)
                }
            } else {
                left.append(p[i] + corners[k])
                right.append(p[i] + corners[(k + 2) % 4])
            }
            previousLeft = k
        }
        let endHeading = VariableWidthOutline.direction(p[n - 2], p[n - 1])
        let startHeading = VariableWidthOutline.direction(p[1], p[0])
        path.move(to: left.points[0])
        left.appendFitted(to: &path, fitted: fitted)
        let endLeft = farthest(corners, along: VariableWidthOutline.normal(endHeading))
        for index in walk(corners, from: endLeft, to: (endLeft + 2) % 4, towards: endHeading).dropFirst() {
            path.line(to: p[n - 1] + corners[index])
        }
        right.reverse()
        right.appendFitted(to: &path, fitted: fitted)
        let startRight = farthest(corners, along: VariableWidthOutline.normal(startHeading))
        for index in walk(corners, from: startRight, to: (startRight + 2) % 4, towards: startHeading).dropFirst() {
            path.line(to: p[0] + corners[index])
        }
        path.close()
    }
}
