import Foundation
import InkModel
import InkRendering

/// How inkpdf writes its ink as PDF `/Ink` annotations, and the parts of
/// that the reader must compute the same way to tell an untouched annotation
/// from one a viewer edited (`docs/annotations.md` is the description). What only
/// the writer needs (the `/NM` it gives, its PDF strings) is in the pipeline, beside
/// `InkAnnotationBuilder`.
///
/// Coordinates: the ink's frame is the page as displayed, y down, `height`
/// points high (`Flattener.inkFrame`); `placement` (`a b c d e f`) maps
/// that frame, turned PDF's way up (x, height − y), onto the page's default
/// user space (the export's `matrix(page)`).
public enum InkAnnotationFormat {
    /// The private key of each annotation inkpdf writes: `[stream layer first count]`, the
    /// page's packed strokes (`PackedLayers`, FlateDecode, one stream a page) and which of
    /// them the annotation draws (one stroke, or every stroke of the layer with `--group layer`).
    public static let strokesKey = InkAnnotationKeys.strokes
    /// What exports before the packed strokes wrote: a stream (FlateDecode) holding the
    /// ink-layers line of what the annotation draws. Still read.
    public static let layerKey = InkAnnotationKeys.layer
    /// The private key of the document's ink-layers header line (a stream, FlateDecode),
    /// one object shared by every annotation of the export.
    public static let headerKey = InkAnnotationKeys.header
    /// Every `/NM` inkpdf writes starts with this.
    public static let namePrefix = "inkpdf:"
    /// Decimals of every coordinate in `/InkList` (`/Rect` has 2): a tenth of a point is
    /// finer than any viewer's redrawing of the centreline, and `/InkList` is most of an annotation's bytes.
    public static let coordinateDigits = 1
    /// Two `/InkList` coordinates are the same when they differ by at most this (in user units):
    /// half a unit of the last written digit, and a little for the reader's own rounding.
    public static let matchTolerance = 0.06
    /// `/InkList` keeps the on-curve points of the centreline that a polyline within this many
    /// points of them needs (Douglas–Peucker): what a viewer without the appearance draws.
    public static let inkListTolerance = 0.5

    /// The gesture a `/NM` written by `name(of:occurrence:)` names; nil for any other name,
    /// and for a creation time no PDF date can hold (`InkRange.isTime`: see `namesTimeOutOfRange`).
    public static func identity(fromName name: String) -> StrokeIdentity? {
        guard name.hasPrefix(namePrefix) else { return nil }
        var rest = name.dropFirst(namePrefix.count)
        if let hash = rest.lastIndex(of: "#"), Int(rest[rest.index(after: hash)...]) != nil { rest = rest[..<hash] }
        if rest.hasPrefix("id:") { return .id(String(rest.dropFirst(3))) }
        if rest.hasPrefix("created:"), let seconds = Double(rest.dropFirst(8)), InkRange.isTime(seconds) { return .created(seconds) }
        return nil
    }

    /// Whether `name` is inkpdf's `inkpdf:created:SECONDS` form with a time that is not in
    /// `InkRange` (not a number, or outside the years 1 … 9999): a name to ignore, not an id.
    public static func namesTimeOutOfRange(_ name: String) -> Bool {
        name.hasPrefix(namePrefix + "created:") && identity(fromName: name) == nil
    }

    /// A point of the ink's frame (y down) in default user space.
    public static func userSpace(_ x: Double, _ y: Double, height: Double, placement m: [Double]) -> (x: Double, y: Double) {
        let py = height - y
        return (m[0] * x + m[2] * py + m[4], m[1] * x + m[3] * py + m[5])
    }

    /// A point of default user space in the ink's frame (y down); nil when `placement` cannot be inverted.
    public static func inkFrame(_ x: Double, _ y: Double, height: Double, placement m: [Double]) -> (x: Double, y: Double)? {
        let determinant = m[0] * m[3] - m[1] * m[2]
        guard determinant != 0, determinant.isFinite else { return nil }
        let dx = x - m[4], dy = y - m[5]
        let fx = (m[3] * dx - m[2] * dy) / determinant
        let fy = (m[0] * dy - m[1] * dx) / determinant
        return (fx, height - fy)
    }

    /// The stroke's centreline as one `/InkList` entry, in default user space,
    /// rounded to `coordinateDigits`: the on-curve points (a B-spline's segment
    /// ends, a polyline's points, after the stroke's transform), thinned within
    /// `inkListTolerance`. A stroke of one point is that point twice.
    public static func inkList(of stroke: Stroke, height: Double, placement: [Double]) -> [Double] {
        let transform = stroke.transform ?? .identity
        let positions = stroke.points.map { p -> Point in
            let q = transform.apply(x: p.x, y: p.y)
            return Point(q.x, q.y)
        }
        var curve: [Point]
        switch (positions.count, stroke.effectiveInterpolation) {
        case (0, _): return []
        case (1, _): curve = [positions[0], positions[0]]
        case (_, .linear): curve = positions
        case (_, .bspline):
            curve = (0..<(positions.count - 1)).map { CentrelineSampler.bezierSegment(positions, segment: $0).start }
            curve.append(CentrelineSampler.bezierSegment(positions, segment: positions.count - 2).end)
        }
        if curve.count > 2 { curve = thinned(curve, tolerance: inkListTolerance) }
        var list: [Double] = []
        list.reserveCapacity(curve.count * 2)
        for p in curve {
            let q = userSpace(InkRange.clamped(p.x, to: InkRange.maximumCoordinate), InkRange.clamped(p.y, to: InkRange.maximumCoordinate), height: height, placement: placement)
            list.append(rounded(q.x))
            list.append(rounded(q.y))
        }
        return list
    }

    /// `value` rounded to `coordinateDigits` decimals (as written).
    public static func rounded(_ value: Double) -> Double {
        var scale = 1.0
        for _ in 0..<coordinateDigits { scale *= 10 }
        let r = (value * scale).rounded(.toNearestOrAwayFromZero) / scale
        return r == 0 ? 0 : r
    }

    /// `/InkList` for `lists` as qpdf writes an array it read back (`qpdf_oh_unparse`):
    /// `[ [ x y … ] … ]`, each number as the builder wrote it.
    public static func qpdfSyntax(ofInkList lists: [[Double]]) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(8 + lists.reduce(0) { $0 + 4 + 7 * $1.count })
        text.append(contentsOf: "[ ".utf8)
        for list in lists {
            text.append(contentsOf: "[ ".utf8)
            for value in list {
                PDFNumberWriter.appendDecimal(value, fractionDigits: coordinateDigits, to: &text)
                text.append(32)
            }
            text.append(contentsOf: "] ".utf8)
        }
        text.append(UInt8(ascii: "]"))
        return text
    }

    /// Whether two `/InkList`s are the same within `matchTolerance`.
    public static func matches(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.count == y.count && zip(x, y).allSatisfy { abs($0 - $1) <= matchTolerance }
        }
    }

    /// The offset (dx, dy) that moves every point of `written` onto `found` when a viewer
    /// moved the annotation whole; nil when the two differ in anything but a translation.
    public static func translation(from written: [[Double]], to found: [[Double]]) -> (dx: Double, dy: Double)? {
        guard written.count == found.count, written.allSatisfy({ $0.count >= 2 }),
              zip(written, found).allSatisfy({ $0.count == $1.count }) else { return nil }
        let dx = found[0][0] - written[0][0], dy = found[0][1] - written[0][1]
        for (w, f) in zip(written, found) {
            for index in stride(from: 0, to: w.count - 1, by: 2) {
                if abs(f[index] - w[index] - dx) > 2 * matchTolerance || abs(f[index + 1] - w[index + 1] - dy) > 2 * matchTolerance {
                    return nil
                }
            }
        }
        return (dx, dy)
    }

    /// Douglas–Peucker: the first and last points and every point farther than `tolerance`
    /// from the chord of the points kept around it. Iterative (a long stroke needs no deep stack).
    public static func thinned(_ points: [Point], tolerance: Double) -> [Point] {
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var ranges = [(0, points.count - 1)]
        while let (first, last) = ranges.popLast() {
            guard last > first + 1 else { continue }
            let a = points[first], b = points[last]
            let chord = b - a
            let length = chord.length
            var farthest = first, distance = -1.0
            for index in (first + 1)..<last {
                let v = points[index] - a
                let d = length > 0 ? abs(chord.x * v.y - chord.y * v.x) / length : v.length
                if d > distance { distance = d; farthest = index }
            }
            if distance > tolerance {
                keep[farthest] = true
                ranges.append((first, farthest))
                ranges.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}
