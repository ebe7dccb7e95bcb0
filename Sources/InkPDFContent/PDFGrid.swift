import InkModel
import InkRendering

/// The integer grid ink coordinates are written on: `unitsPerPoint` steps to
/// the point, under a `cm` that scales them back (`1/unitsPerPoint`) and turns
/// the page's y-down ink coordinates into PDF's y-up ones.
public struct PDFGrid: Sendable, Hashable {
    /// The largest magnitude written: PDF readers keep integers in 32 bits
    /// (ISO 32000-1, Annex C), so coordinates are clamped here (`PDFNumberWriter.limit`).
    public static let limit = PDFNumberWriter.limit

    public let unitsPerPoint: Int

    /// The grid ink is written on (`InkGrid`, which the cairo painter snaps to too).
    public static let ink = PDFGrid(unitsPerPoint: InkGrid.unitsPerPoint)

    public init(unitsPerPoint: Int) {
        precondition(unitsPerPoint > 0 && unitsPerPoint <= 1024, "unitsPerPoint must be 1…1024")
        self.unitsPerPoint = unitsPerPoint
    }

    /// `points` in grid units, rounded half away from zero (as `Double.rounded()`,
    /// which the cairo painter's snapping uses), clamped to ±`limit`; NaN is 0.
    @inlinable
    public func units(_ points: Double) -> Int {
        let scaled = points * Double(unitsPerPoint)
        guard scaled.isFinite else { return scaled.isNaN ? 0 : (scaled < 0 ? -PDFGrid.limit : PDFGrid.limit) }
        let rounded = scaled.rounded(.toNearestOrAwayFromZero)
        if rounded >= Double(PDFGrid.limit) { return PDFGrid.limit }
        if rounded <= -Double(PDFGrid.limit) { return -PDFGrid.limit }
        return Int(rounded)
    }
}
