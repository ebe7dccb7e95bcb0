/// A polyline made of fewer points that keeps its shape: Douglas–Peucker within a tolerance, the
/// tolerance doubled until the points fit a bound (and evenly chosen points past that), with the
/// work bounded by a fixed number of points, not by what the stroke does.
enum StrokeSimplifier {
    /// The most points Douglas–Peucker looks at (its worst case is their square): a longer stroke is first
    /// thinned to this many, evenly along its points.
    static let largestInput = 2_048

    /// `points` within `tolerance` of the original (same units), at most `maximumPoints` (at least 2).
    static func simplified(_ points: [(x: Int, y: Int)], maximumPoints: Int, tolerance: Double) -> [(x: Int, y: Int)] {
        keptIndices(points.map { (x: Double($0.x), y: Double($0.y)) }, maximumPoints: maximumPoints, tolerance: tolerance).map { points[$0] }
    }

    /// The indices of the points of `points` a simplification keeps, in order: the first and last always.
    static func keptIndices(_ points: [(x: Double, y: Double)], maximumPoints: Int, tolerance: Double) -> [Int] {
        let bound = max(maximumPoints, 2)
        guard points.count > 2 else { return Array(points.indices) }
        let thinned = points.count <= largestInput ? Array(points.indices)
            : (0..<largestInput).map { $0 * (points.count - 1) / (largestInput - 1) }
        let candidates = thinned.map { points[$0] }
        var tolerance = max(tolerance, 1e-9)
        var kept = douglasPeucker(candidates, tolerance: tolerance)
        // Each doubling keeps fewer points; a few rounds at most before the even choice.
        var rounds = 0
        while kept.count > bound, rounds < 8 {
            tolerance *= 2
            kept = douglasPeucker(candidates, tolerance: tolerance)
            rounds += 1
        }
        if kept.count > bound { kept = (0..<bound).map { kept[$0 * (kept.count - 1) / (bound - 1)] } }
        return kept.map { thinned[$0] }
    }

    /// The indices Douglas–Peucker keeps, with an explicit stack (no recursion, whatever the stroke).
    static func douglasPeucker(_ points: [(x: Double, y: Double)], tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            var farthest = first, distance = 0.0
            for index in (first + 1)..<last {
                let p = points[index]
                let d = length > 0 ? abs(dy * (p.x - a.x) - dx * (p.y - a.y)) / length
                                   : ((p.x - a.x) * (p.x - a.x) + (p.y - a.y) * (p.y - a.y)).squareRoot()
                if d > distance { distance = d; farthest = index }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }
    }
}
