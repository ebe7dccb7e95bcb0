/// The one place that says how large a number the pipeline carries may be.
///
/// Every reader (ink-layers, the spool, Xournal++, reMarkable) checks the values
/// it accepts here and reports the place of one that is out of range, so that
/// nothing downstream (the content writer's grid, cairo's fixed-point device
/// space, pixel sizes, PDF dates) can trap or wrap on a finite number.
///
/// The bounds are what a PDF can hold: a page side is at most 14,400 units
/// (PDF 1.7, Annex C), ink may leave its page by up to one such page on every
/// side, a nib is at most a page wide, and a date has a four-digit year.
public enum InkRange {
    /// The largest page side, in PDF units (points, or the page's `/UserUnit`).
    public static let maximumPageSide: Double = 14_400
    /// The smallest page side a PDF reader accepts.
    public static let minimumPageSide: Double = 3
    /// The largest magnitude of a coordinate: ink may lie up to one largest page beyond its page.
    public static let maximumCoordinate: Double = 2 * maximumPageSide
    /// The largest nib size or stroke width: a page's side.
    public static let maximumWidth: Double = maximumPageSide
    /// The largest magnitude of a transform's linear part (a, b, c, d): a stroke scaled 64 ×
    /// still lands within the range of `Int` on any grid and of cairo's device space at print resolutions.
    public static let maximumTransformScale: Double = 64
    /// Seconds since 1970 of 0001-01-01 and of 9999-12-31 23:59:59 UTC: what a PDF date can say.
    public static let earliestTime: Double = -62_135_596_800
    public static let latestTime: Double = 253_402_300_799
    /// The largest magnitude of a point's time offset, in seconds (a stroke drawn over a year).
    public static let maximumTimeOffset: Double = 366 * 86_400
    /// The largest magnitude of the other point values (opacity, force, azimuth, altitude):
    /// far outside their meaningful ranges, but a bound that no product with a width can overflow.
    public static let maximumAttribute: Double = 1e6
    /// The largest page number or page count a document may name.
    public static let maximumPageCount = 1_000_000
    /// The most pages a document may imply without a byte of their own (a reMarkable 1.x
    /// `pageCount` past its page files, gaps between index-named files): blank pages a one-line
    /// file could otherwise ask for by the million.
    public static let maximumImpliedPages = 10_000
    /// The largest magnitude of a coordinate on a canvas that is cut into pages afterwards (rnote's
    /// one plane, in its pixels): as far as the largest page count of the largest pages reaches.
    public static let maximumCanvasCoordinate: Double = Double(maximumPageCount) * maximumPageSide

    /// Whether `value` is a coordinate the pipeline carries.
    @inline(__always)
    public static func isCoordinate(_ value: Double) -> Bool { abs(value) <= maximumCoordinate }

    /// Whether `value` is a coordinate on a canvas not yet cut into pages.
    @inline(__always)
    public static func isCanvasCoordinate(_ value: Double) -> Bool { abs(value) <= maximumCanvasCoordinate }

    /// Whether `value` is a nib size or stroke width the pipeline carries (finite, > 0, at most a page).
    @inline(__always)
    public static func isWidth(_ value: Double) -> Bool { value > 0 && value <= maximumWidth }

    /// Whether `value` is a page side the pipeline carries.
    @inline(__always)
    public static func isPageSide(_ value: Double) -> Bool { value >= minimumPageSide && value <= maximumPageSide }

    /// Whether `value` is a time (seconds since 1970) a PDF date can carry.
    @inline(__always)
    public static func isTime(_ value: Double) -> Bool { value >= earliestTime && value <= latestTime }

    /// Whether `value` is a page number (1-based) or count the pipeline carries.
    @inline(__always)
    public static func isPageNumber(_ value: Int) -> Bool { value >= 1 && value <= maximumPageCount }

    /// What is wrong with a coordinate named `field`, or nil when it is in range.
    public static func coordinateProblem(_ field: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\(field) is not a finite number" }
        guard isCoordinate(value) else {
            return "\(field) is \(value), outside ±\(Int(maximumCoordinate)) (a point may lie at most one largest PDF page beyond its page)"
        }
        return nil
    }

    /// What is wrong with a canvas coordinate named `field` (before the canvas is cut into pages), or nil.
    public static func canvasCoordinateProblem(_ field: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\(field) is not a finite number" }
        guard isCanvasCoordinate(value) else {
            return "\(field) is \(value), outside ±\(maximumCanvasCoordinate) (as far as \(maximumPageCount) of the largest PDF pages reach)"
        }
        return nil
    }

    /// What is wrong with a width named `field`, or nil when it is in range.
    public static func widthProblem(_ field: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\(field) is not a finite number" }
        guard value > 0 else { return "\(field) is not greater than 0" }
        guard value <= maximumWidth else {
            return "\(field) is \(value), wider than the largest PDF page (\(Int(maximumWidth)) points)"
        }
        return nil
    }

    /// What is wrong with a page side named `field`, or nil when it is in range.
    public static func pageSideProblem(_ field: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\(field) is not a finite number" }
        guard isPageSide(value) else {
            return "\(field) is \(value), outside the \(Int(minimumPageSide)) … \(Int(maximumPageSide)) points a PDF page may measure"
        }
        return nil
    }

    /// What is wrong with a time named `field`, or nil when it is in range.
    public static func timeProblem(_ field: String, _ value: Double) -> String? {
        guard value.isFinite else { return "\(field) is not a finite number" }
        guard isTime(value) else { return "\(field) is \(value), outside the years 1 … 9999 a PDF date can hold" }
        return nil
    }

    /// Clamps `value` into `-limit … limit` (NaN to 0): for painters that must not trap on what a caller passed.
    @inline(__always)
    public static func clamped(_ value: Double, to limit: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }
}
