import Foundation
import InkModel

/// Turns one trace's channel values into an ink-layers stroke:
///
/// - X and Y: the canvas transform on the values as stored (orientation `-ve`
///   negating first), then to points by the channel's resolution
///   (`<channelProperty name="resolution" value="1000" units="1/cm">`: a value is
///   1/1000 cm) or else its `units`; without either a value is a point. InkML's
///   canvas has y growing down, as the page does.
/// - F (force): normalised by the channel's `min` (default 0) and `max` to
///   p = 0 … 1 (without a `max`, the values are taken as 0 … 1 already). The
///   point's `force` is 2p (a middle press is ink-layers' normal 1) and, unless the
///   brush says `ignorePressure`, its nib is the brush's size × (0.5 + p): how
///   Windows Ink draws pressure, 50 % to 150 % of the nominal width.
/// - T (time): seconds from the trace's first point (`units`, default ms); the
///   stroke's `created` is the context's timestamp plus that first T plus the
///   trace's `timeOffset` (ms).
/// - OA, OE (azimuth, elevation; default degrees), or OTx, OTy (tilt along x and
///   y): the point's azimuth and altitude.
/// - The brush: `width`, `height` (default the width; units as lengths, default
///   points; 1 pt without a brush), `color` (`#RRGGBB`, `#RRGGBBAA`, or a basic
///   colour name), `transparency` (0 opaque … 1, or … 255 as Office writes it),
///   `rasterOp` other than `copyPen` (Office's highlighter is `maskPen`): `marker`
///   ink, drawn multiplied at one width with the `tip`'s caps (`rectangle`: square); a
///   `rectangle` tip of different width and height is marker ink drawn with its chisel held upright.
///   Strokes are polylines through the samples (`interpolation: linear`).
/// - Every value is checked against `InkRange` (`OutOfRange` names the point);
///   what ink-layers has no field for is kept under `"inkml"`.
struct InkMLStrokeBuilder {
    struct OutOfRange: Error {
        var problem: String
        /// 1-based point, nil for the brush.
        var point: Int?
    }

    struct Built {
        var stroke: Stroke
        /// The farthest x and y the stroke's nib reaches, in points.
        var extent: (x: Double, y: Double)
        var unknownUnits: [String]
    }

    /// Channels whose values have a field of their own.
    static let mappedChannels: Set<String> = ["X", "Y", "F", "T", "OA", "OE", "OTx", "OTy"]
    static let mappedBrushProperties: Set<String> = ["width", "height", "color", "transparency", "rasterOp", "ignorePressure"]
    static let defaultWidth = 1.0

    let context: InkMLContext
    let brush: InkMLBrush
    let keepsRawValues: Bool

    private var format: InkMLTraceFormat { context.traceFormat }

    /// The factor from a channel's values to points, seconds or radians, and a unit not known (taken as 1).
    private func scale(of channel: InkMLChannel, defaultUnit: String) -> (factor: Double, unknown: String?) {
        if let resolution = context.inkSource.properties[channel.name]?["resolution"], resolution.value > 0 {
            var unit = resolution.units ?? (channel.units ?? defaultUnit)
            if unit.hasPrefix("1/") { unit = String(unit.dropFirst(2)) }
            guard let known = InkMLUnits.factor(unit) else { return (1 / resolution.value, unit) }
            return (known.factor / resolution.value, nil)
        }
        let unit = channel.units ?? defaultUnit
        guard let known = InkMLUnits.factor(unit) else { return (1, unit) }
        return (known.factor, nil)
    }

    private func length(_ property: String) -> (value: Double, unknown: String?)? {
        guard let (text, units) = brush.properties[property] else { return nil }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        let unit = units ?? "pt"
        guard let known = InkMLUnits.factor(unit), known.kind == .length else { return (value, unit) }
        return (value * known.factor, nil)
    }

    private func flag(_ property: String) -> Bool {
        guard let text = brush.properties[property]?.value.lowercased() else { return false }
        return text == "true" || text == "1" || text == "yes"
    }

    static let namedColors: [String: (Double, Double, Double)] = [
        "black": (0, 0, 0), "white": (1, 1, 1), "red": (1, 0, 0), "green": (0, 0.5, 0), "lime": (0, 1, 0), "blue": (0, 0, 1),
        "yellow": (1, 1, 0), "cyan": (0, 1, 1), "aqua": (0, 1, 1), "magenta": (1, 0, 1), "fuchsia": (1, 0, 1),
        "gray": (0.5, 0.5, 0.5), "grey": (0.5, 0.5, 0.5), "orange": (1, 0.647, 0), "purple": (0.5, 0, 0.5),
    ]

    private func color() -> RGBAColor {
        guard let text = brush.properties["color"]?.value.trimmingCharacters(in: .whitespaces) else { return RGBAColor(red: 0, green: 0, blue: 0) }
        if let named = Self.namedColors[text.lowercased()] { return RGBAColor(red: named.0, green: named.1, blue: named.2) }
        return RGBAColor(hex: text) ?? RGBAColor(red: 0, green: 0, blue: 0)
    }

    func stroke(values: [Double], pointCount: Int, traceID: String?, timeOffset: Double?) throws(OutOfRange) -> Built {
        let channels = format.channels
        let stride = channels.count
        var unknownUnits: [String] = []
        func index(_ name: String) -> Int? { format.index(of: name) }
        let ix = index("X")!, iy = index("Y")!
        let sx = scale(of: channels[ix], defaultUnit: "pt"), sy = scale(of: channels[iy], defaultUnit: "pt")
        unknownUnits += [sx.unknown, sy.unknown].compactMap { $0 }

        // The brush.
        let widthValue = length("width")
        let width = widthValue?.value ?? Self.defaultWidth
        let height = length("height")?.value ?? width
        unknownUnits += [widthValue?.unknown].compactMap { $0 }
        if let problem = InkRange.widthProblem("brush width", width) ?? InkRange.widthProblem("brush height", height) {
            throw OutOfRange(problem: problem, point: nil)
        }
        let rasterOp = brush.properties["rasterOp"]?.value
        let isMarker = rasterOp != nil && rasterOp != "copyPen"
        var transparency = brush.properties["transparency"].flatMap { Double($0.value.trimmingCharacters(in: .whitespaces)) } ?? 0
        if transparency > 1 { transparency /= 255 }
        transparency = transparency.isFinite ? min(max(transparency, 0), 1) : 0
        var color = color()
        color.alpha *= 1 - transparency
        let tip = brush.properties["tip"]?.value
        // A highlighter whose tip is a rectangle (OneNote's: 0.07 cm wide, 0.5 cm tall) draws with that
        // rectangle held upright: marker ink, whose chisel is the point's `w` across its azimuth, the
        // tip's longer side laid along the page's y (azimuth 0) or x (π/2), the shorter side in `h`.
        let rectangleTip = isMarker && tip == "rectangle" && width != height
        var ink = Ink(type: isMarker ? .marker : .pen, color: color, width: rectangleTip ? max(width, height) : width)
        if isMarker && !rectangleTip { ink.setLines(width: .constant, cap: tip == "rectangle" ? "square" : "round") }
        let ignorePressure = flag("ignorePressure")

        // Pressure, time and tilt channels.
        let iF = index("F"), iT = index("T")
        let forceRange: (minimum: Double, span: Double)? = iF.map { i in
            let minimum = channels[i].minimum ?? 0
            guard let maximum = channels[i].maximum, maximum > minimum else { return (0, 1) }
            return (minimum, maximum - minimum)
        }
        let timeScale = iT.map { scale(of: channels[$0], defaultUnit: "ms").factor } ?? 0
        let iOA = index("OA"), iOE = index("OE"), iOTx = index("OTx"), iOTy = index("OTy")
        func angleScale(_ i: Int?) -> Double { i.map { scale(of: channels[$0], defaultUnit: "deg").factor } ?? 0 }
        let sOA = angleScale(iOA), sOE = angleScale(iOE), sOTx = angleScale(iOTx), sOTy = angleScale(iOTy)
        let transform = context.transform
        let negate = channels.map { $0.negated ? -1.0 : 1.0 }

        var points: [StrokePoint] = []
        points.reserveCapacity(pointCount)
        var extent = (x: 0.0, y: 0.0)
        let firstTime = iT.map { values[$0] * negate[$0] } ?? 0
        for n in 0..<pointCount {
            let base = n * stride
            let rawX = values[base + ix] * negate[ix], rawY = values[base + iy] * negate[iy]
            let x = (transform.a * rawX + transform.b * rawY + transform.c) * sx.factor
            let y = (transform.d * rawX + transform.e * rawY + transform.f) * sy.factor
            if let problem = InkRange.coordinateProblem("x", x) ?? InkRange.coordinateProblem("y", y) {
                throw OutOfRange(problem: problem, point: n + 1)
            }
            var point = rectangleTip
                ? StrokePoint(x: x, y: y, w: max(width, height), h: min(width, height), azimuth: height > width ? 0 : .pi / 2)
                : StrokePoint(x: x, y: y, w: width, h: height)
            if let iF, let range = forceRange {
                let pressure = min(max((values[base + iF] * negate[iF] - range.minimum) / range.span, 0), 1)
                point.force = 2 * pressure
                if !ignorePressure && !isMarker {
                    point.w = width * (0.5 + pressure)
                    point.h = height * (0.5 + pressure)
                }
            }
            if let iT {
                point.t = (values[base + iT] * negate[iT] - firstTime) * timeScale
                guard abs(point.t) <= InkRange.maximumTimeOffset else {
                    throw OutOfRange(problem: "time offset is \(point.t) s, beyond ±\(Int(InkRange.maximumTimeOffset)) s (a stroke drawn over a year)", point: n + 1)
                }
            }
            if let iOA, !rectangleTip {
                var azimuth = (values[base + iOA] * negate[iOA] * sOA).truncatingRemainder(dividingBy: 2 * .pi)
                if azimuth < 0 { azimuth += 2 * .pi }
                point.azimuth = azimuth.isFinite ? azimuth : 0
            }
            if let iOE {
                let elevation = values[base + iOE] * negate[iOE] * sOE
                point.altitude = elevation.isFinite ? min(max(elevation, 0), .pi / 2) : .pi / 2
            } else if let iOTx, let iOTy, !rectangleTip {
                let tx = tan(values[base + iOTx] * negate[iOTx] * sOTx), ty = tan(values[base + iOTy] * negate[iOTy] * sOTy)
                let lean = (tx * tx + ty * ty).squareRoot()
                if lean.isFinite, lean > 0 {
                    var azimuth = atan2(ty, tx)
                    if azimuth < 0 { azimuth += 2 * .pi }
                    point.azimuth = azimuth
                    point.altitude = atan(1 / lean)
                }
            }
            extent.x = max(extent.x, x + (rectangleTip ? width : point.w) / 2)
            extent.y = max(extent.y, y + (rectangleTip ? height : point.h) / 2)
            points.append(point)
        }

        var created = context.timeBase ?? 0
        created += firstTime * timeScale
        if let timeOffset { created += timeOffset / 1000 }
        if let problem = InkRange.timeProblem("trace time", created) { throw OutOfRange(problem: problem, point: 1) }

        var inkml = JSONObject()
        if let traceID { inkml["trace"] = .string(traceID) }
        if let id = brush.id { inkml["brush"] = .string(id) }
        if let id = context.id { inkml["context"] = .string(id) }
        var properties = JSONObject()
        for name in brush.properties.keys.sorted() where !Self.mappedBrushProperties.contains(name) || name == "rasterOp" {
            properties[name] = .string(brush.properties[name]!.value)
        }
        if !properties.isEmpty { inkml["brushProperties"] = .object(properties) }
        if keepsRawValues, channels.contains(where: { !Self.mappedChannels.contains($0.name) }) {
            var raw = JSONObject()
            for (i, channel) in channels.enumerated() where !Self.mappedChannels.contains(channel.name) {
                raw[channel.name] = .array((0..<pointCount).map { .number(values[$0 * stride + i]) })
            }
            inkml["channels"] = .object(raw)
        }
        let extra = inkml.isEmpty ? JSONObject() : JSONObject([(key: "inkml", value: .object(inkml))])
        let stroke = Stroke(ink: ink, created: created, interpolation: .linear, points: points, extra: extra)
        return Built(stroke: stroke, extent: extent, unknownUnits: unknownUnits)
    }
}
