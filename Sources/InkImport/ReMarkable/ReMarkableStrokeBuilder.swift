import InkModel

/// Turns a lines file's lines and highlighted-text ranges into ink-layers
/// strokes in page points, keeping every stored value under the stroke's
/// `"remarkable"` key so that a conversion loses nothing.
enum ReMarkableStrokeBuilder {
    /// The thinnest nib written (sizes must be positive; some old files store 0).
    static let minimumWidth = 0.05

    /// A value that lies outside `InkRange` once on the page: which point (0-based, as stored,
    /// or which rectangle of a highlight) and what is wrong.
    struct OutOfRange: Error, Equatable {
        var index: Int
        var problem: String
    }

    /// The stroke of `line` on the page, nil when no point of it is finite; an error for a point
    /// whose place or nib lies outside `InkRange` (non-finite points are dropped, as the tablet's
    /// own exports skip them).
    static func stroke(from line: LinesPage.Line, geometry: ReMarkablePageGeometry, version: Int,
                       keepsRawPoints: Bool = true) throws(OutOfRange) -> Stroke? {
        guard !line.points.isEmpty else { return nil }
        let tool = ReMarkableTool(id: line.tool)
        let color = tool.color(colorID: line.color, rgba: line.rgba)
        let chisel = tool.inkType == .marker
        var points: [StrokePoint] = []
        points.reserveCapacity(line.points.count)
        for (index, p) in line.points.enumerated() {
            let v = p.normalized(encoding: line.pointEncoding)
            let position = geometry.map(x: Double(p.x) + line.offsetX, y: Double(p.y) + line.offsetY)
            let width = max(v.width / 4 * geometry.scale, minimumWidth)
            let pressure = min(max(v.pressure / 255, 0), 1)
            var azimuth = chisel ? 0 : (v.direction / 255 * 2 * .pi).truncatingRemainder(dividingBy: 2 * .pi)
            if azimuth < 0 { azimuth += 2 * .pi }
            // The pen's direction turns with the page; a highlighter's chisel stays square to the page's text.
            if !chisel { azimuth = geometry.mapAngle(azimuth) }
            guard position.x.isFinite, position.y.isFinite, width.isFinite, azimuth.isFinite else { continue }
            if let problem = InkRange.coordinateProblem("x", position.x) ?? InkRange.coordinateProblem("y", position.y)
                ?? InkRange.widthProblem("the nib", width) {
                throw OutOfRange(index: index, problem: problem)
            }
            points.append(StrokePoint(x: position.x, y: position.y, t: 0, w: width, h: width,
                                      opacity: tool.opacity(pressure: pressure, speed: v.speed, version: version),
                                      force: pressure * 2, azimuth: azimuth, altitude: .pi / 2))
        }
        guard !points.isEmpty else { return nil }
        let nominal = points.reduce(0) { $0 + $1.w } / Double(points.count)
        var raw = JSONObject()
        raw["tool"] = .number(Int(line.tool))
        raw["toolName"] = .string(tool.name)
        raw["color"] = .number(Int(line.color))
        if let rgba = line.rgba { raw["rgba"] = .string(hex(rgba)) }
        raw[version >= 6 ? "thicknessScale" : "brushSize"] = .number(line.thickness)
        if let extra = line.extra { raw[version >= 6 ? "startingLength" : "unknownFloat"] = .number(extra) }
        if let unknown = line.unknown { raw["unknown"] = .number(Int(unknown)) }
        raw["pointEncoding"] = .number(line.pointEncoding)
        if let id = line.id { raw["id"] = .string(id) }
        if let moveID = line.moveID { raw["moveId"] = .string(moveID) }
        if line.offsetX != 0 || line.offsetY != 0 { raw["groupOffset"] = .array([.number(line.offsetX), .number(line.offsetY)]) }
        if !tool.isDrawn(version: version) { raw["drawn"] = .bool(false) }
        let packed = line.pointEncoding == 2
        func column(_ value: (LinesPage.Point) -> Float, integer: Bool) -> JSONValue {
            .array(line.points.map { integer ? .number(Int(value($0))) : number(value($0)) })
        }
        if keepsRawPoints { raw["points"] = .object(JSONObject([
            ("x", column(\.x, integer: false)), ("y", column(\.y, integer: false)),
            ("speed", column(\.speed, integer: packed)), ("direction", column(\.direction, integer: packed)),
            ("width", column(\.width, integer: packed)), ("pressure", column(\.pressure, integer: packed)),
        ])) }
        var extra = JSONObject()
        extra["remarkable"] = .object(raw)
        var ink = Ink(type: tool.inkType, color: color, width: nominal)
        if tool.inkType == .pencil { ink.setStippled() }
        return Stroke(ink: ink, created: 0, interpolation: .linear, points: points, extra: extra)
    }

    /// One highlighter stroke per rectangle, a chisel as tall as the rectangle swept across it.
    /// Rectangles that are not finite or not positive are dropped; one whose place or height
    /// lies outside `InkRange` on the page is an error.
    static func strokes(from glyph: LinesPage.GlyphHighlight, geometry: ReMarkablePageGeometry) throws(OutOfRange) -> [Stroke] {
        let color = ReMarkableTool.highlighter.color(colorID: glyph.color, rgba: glyph.rgba)
        var strokes: [Stroke] = []
        for (index, r) in glyph.rectangles.enumerated() {
            let top = geometry.map(x: r.x, y: r.y), bottom = geometry.map(x: r.x + r.w, y: r.y + r.h)
            let height = bottom.y - top.y, width = bottom.x - top.x
            guard height.isFinite, width.isFinite, height > 0, width > 0 else { continue }
            if let problem = InkRange.coordinateProblem("x", top.x) ?? InkRange.coordinateProblem("y", top.y)
                ?? InkRange.coordinateProblem("the right edge", bottom.x) ?? InkRange.coordinateProblem("the bottom edge", bottom.y)
                ?? InkRange.widthProblem("the height", height) {
                throw OutOfRange(index: index, problem: problem)
            }
            // The chisel reaches a quarter of its length past each end: stop short by that much.
            let inset = min(height / 4, width / 2)
            let y = (top.y + bottom.y) / 2
            let points = [StrokePoint(x: top.x + inset, y: y, w: height, h: height),
                          StrokePoint(x: bottom.x - inset, y: y, w: height, h: height)]
            var raw = JSONObject()
            raw["glyphRange"] = .bool(true)
            raw["text"] = .string(glyph.text)
            raw["color"] = .number(Int(glyph.color))
            if let rgba = glyph.rgba { raw["rgba"] = .string(hex(rgba)) }
            if let start = glyph.start { raw["start"] = .number(Int(start)) }
            if let length = glyph.length { raw["length"] = .number(Int(length)) }
            if let id = glyph.id { raw["id"] = .string(id) }
            raw["rectangle"] = .array([.number(r.x), .number(r.y), .number(r.w), .number(r.h)])
            var extra = JSONObject()
            extra["remarkable"] = .object(raw)
            strokes.append(Stroke(ink: Ink(type: .marker, color: color, width: height), created: 0,
                                  interpolation: .linear, points: points, extra: extra))
        }
        return strokes
    }

    /// A float32 as the shortest text that reads back to the same float32.
    static func number(_ value: Float) -> JSONValue {
        value.isFinite ? .number(String(describing: value)) : .string(String(describing: value))
    }

    static func hex(_ rgba: (UInt8, UInt8, UInt8, UInt8)) -> String {
        RGBAColor(red: Double(rgba.0) / 255, green: Double(rgba.1) / 255, blue: Double(rgba.2) / 255,
                  alpha: Double(rgba.3) / 255).hexString
    }
}
