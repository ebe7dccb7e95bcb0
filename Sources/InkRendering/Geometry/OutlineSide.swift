/// One side of an outline: offset points in order, some of them corners
/// (where the side turns without a tangent: a pivot, a chisel's edge). The
/// stretches between corners are fitted with curves; corners are joined by lines.
struct Side {
    private(set) var points: [Point] = []
    private var corners: [Bool] = []

    init(capacity: Int) {
        points.reserveCapacity(capacity)
        corners.reserveCapacity(capacity)
    }

    mutating func append(_ p: Point, corner: Bool = false) {
        if let last = points.last, last.distance(to: p) < 1e-9 {
            if corner { corners[corners.count - 1] = true }
            return
        }
        points.append(p)
        corners.append(corner)
    }

    mutating func reverse() {
        points.reverse()
        corners.reverse()
    }

    /// Appends the side after its first point (where the path must already be)
    /// with `VariableWidthOutline.tolerance`.
    /// Unfitted (`fitted` false), every point is joined by a line: the reference that fitting is measured against.
    func appendFitted(to path: inout InkPath, tolerance: Double = VariableWidthOutline.tolerance, fitted: Bool = true) {
        guard points.count > 1 else { return }
        guard fitted else {
            for p in points.dropFirst() { path.line(to: p) }
            return
        }
        points.withUnsafeBufferPointer { all in
            var start = 0
            for i in 1..<all.count where corners[i] || i == all.count - 1 {
                if i - start == 1 {
                    path.line(to: all[i])
                } else {
                    CurveFitter.appendFit(UnsafeBufferPointer(rebasing: all[start...i]), tolerance: tolerance, to: &path)
                }
                start = i
            }
        }
    }
}
