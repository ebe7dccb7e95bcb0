import Foundation
import InkModel

/// Shapes, text and images (`strokes/shapestroke.rs`, `textstroke.rs`, `vectorimage.rs`,
/// `bitmapimage.rs`; the shapes of `rnote-compose/src/shapes/`): each becomes polylines of
/// one width (a shape is drawn at its style's width, whatever the pressure), a text box, or an
/// image over its rectangle.
extension RNoteSnapshotReader {
    /// Applies `[a, b, c, d, tx, ty]` to (x, y).
    static func apply(_ m: [Double], _ x: Double, _ y: Double) -> (Double, Double) {
        (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
    }

    static let identity: [Double] = [1, 0, 0, 1, 0, 0]

    /// `{transform: {affine}}` member's value.
    func transform(_ what: String) throws(RNoteImportError) -> [Double] {
        var matrix = Self.identity
        try object(what) { (key) throws(RNoteImportError) in
            if key == "affine" { matrix = try affine("affine") } else { try skip() }
        }
        return matrix
    }

    /// `{cuboid: {half_extents}, transform}`: the rectangle's four corners on the canvas.
    func rectangle(_ what: String) throws(RNoteImportError) -> [(Double, Double)] {
        var half = (0.0, 0.0)
        var matrix = Self.identity
        try object(what) { (key) throws(RNoteImportError) in
            switch key {
            case "cuboid":
                try object("cuboid") { (key) throws(RNoteImportError) in
                    if key == "half_extents" { half = try vector("half_extents") } else { try skip() }
                }
            case "transform": matrix = try transform("transform")
            default: try skip()
            }
        }
        guard half.0 >= 0, half.1 >= 0 else { throw malformed("half_extents are negative") }
        return [(-half.0, -half.1), (half.0, -half.1), (half.0, half.1), (-half.0, half.1)].map { Self.apply(matrix, $0.0, $0.1) }
    }

    func readShapeStroke(slot: Int) throws(RNoteImportError) {
        var ink = RNoteItems.InkItem(kind: .shape, width: 1, color: RGBAColor(red: 0, green: 0, blue: 0), fill: nil,
                                     pressureCurve: .const_, roundCap: true, polylines: [], closed: false)
        // The shape is drawn once its style is known, whichever member comes first (an arrow's head
        // depends on the width).
        var shape: Shape?
        try object("shapestroke") { (key) throws(RNoteImportError) in
            switch key {
            case "shape": shape = try readShape()
            case "style": try readStyleOfShape(&ink)
            default: try skip()
            }
        }
        if let shape { try draw(shape, into: &ink) }
        // Shapes are drawn at the style's width, whatever the pressure curve says.
        ink.pressureCurve = .const_
        if let fill = ink.fill, fill.alpha <= 0 || !ink.closed { ink.fill = nil }
        try emitInk(ink, slot: slot)
    }

    private func readStyleOfShape(_ ink: inout RNoteItems.InkItem) throws(RNoteImportError) {
        try readStyleShared(&ink)
    }

    /// A shape as read: its kind and its members, its place for messages.
    struct Shape {
        var kind: String
        var values: [String: (Double, Double)] = [:]
        var matrix = RNoteSnapshotReader.identity
        var path: [(Double, Double)] = []
        var place: RNoteImportError.Place
    }

    private func readShape() throws(RNoteImportError) -> Shape? {
        var shape: Shape?
        try object("shape") { (kind) throws(RNoteImportError) in
            var read = Shape(kind: kind, place: currentPlace)
            try object(kind) { (key) throws(RNoteImportError) in
                switch key {
                case "start", "end", "tip", "cp", "cp1", "cp2", "radii": read.values[key] = try vector(key)
                case "transform": read.matrix = try transform("transform")
                case "cuboid":
                    var half = (0.0, 0.0)
                    try object("cuboid") { (key) throws(RNoteImportError) in
                        if key == "half_extents" { half = try vector("half_extents") } else { try skip() }
                    }
                    read.values["half"] = half
                case "path":
                    try array("path") { (_) throws(RNoteImportError) in read.path.append(try vector("point")) }
                default: try skip()
                }
            }
            shape = read
        }
        return shape
    }

    /// The shape's polylines, at the style's width.
    private func draw(_ shape: Shape, into ink: inout RNoteItems.InkItem) throws(RNoteImportError) {
        let kind = shape.kind, matrix = shape.matrix
        func need(_ key: String) throws(RNoteImportError) -> (Double, Double) {
            guard let value = shape.values[key] else { throw .malformed(path: path, place: shape.place, problem: "\(kind) has no \(key)") }
            return value
        }
        func flat(_ points: [(Double, Double)]) -> [Double] { points.flatMap { [$0.0, $0.1, 1] } }
        switch kind {
        case "line":
            ink.polylines = [flat([try need("start"), try need("end")])]
        case "arrow":
            let start = try need("start"), tip = try need("tip")
            ink.polylines = [flat([start, tip]), flat(Self.arrowHead(start: start, tip: tip, width: ink.width))]
        case "rect":
            let half = try need("half")
            let corners = [(-half.0, -half.1), (half.0, -half.1), (half.0, half.1), (-half.0, half.1)].map { Self.apply(matrix, $0.0, $0.1) }
            ink.polylines = [flat(corners + [corners[0]])]
            ink.closed = true
        case "ellipse":
            let radii = try need("radii")
            var points: [(Double, Double)] = []
            for k in 0...Self.ellipseSamples {
                let angle = 2 * Double.pi * Double(k) / Double(Self.ellipseSamples)
                points.append(Self.apply(matrix, radii.0 * cos(angle), radii.1 * sin(angle)))
            }
            ink.polylines = [flat(points)]
            ink.closed = true
        case "quadbez", "cubbez":
            let start = try need("start"), end = try need("end")
            let controls = kind == "quadbez" ? [try need("cp")] : [try need("cp1"), try need("cp2")]
            var points = [start]
            for k in 1...Self.shapeCurveSamples {
                points.append(Self.bezier(t: Double(k) / Double(Self.shapeCurveSamples), from: start, controls: controls, to: end))
            }
            ink.polylines = [flat(points)]
        case "polyline", "polygon":
            let start = try need("start")
            var points = [start] + shape.path
            if kind == "polygon" { points.append(start); ink.closed = true }
            ink.polylines = [flat(points)]
        default:
            omitted["\(kind.prefix(40)) shape", default: 0] += 1
        }
        // The transformed points are checked as any other canvas coordinate.
        for line in ink.polylines {
            for value in line where !InkRange.isCanvasCoordinate(value) {
                if let problem = InkRange.canvasCoordinateProblem("a point of the \(kind)", value) {
                    throw .outOfRange(path: path, place: shape.place, problem: problem)
                }
            }
        }
    }

    /// rnote's arrow head: two lines from the tip, back along the shaft at ±45°, as long as
    /// a tenth of the shaft but at least 4 and at most 20 stroke widths.
    static func arrowHead(start: (Double, Double), tip: (Double, Double), width: Double) -> [(Double, Double)] {
        let dx = start.0 - tip.0, dy = start.1 - tip.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return [tip, tip] }
        let head = min(max(length / 10, 4 * width), 20 * width)
        let ux = dx / length, uy = dy / length
        let c = cos(Double.pi / 4), s = sin(Double.pi / 4)
        let left = (tip.0 + head * (ux * c - uy * s), tip.1 + head * (ux * s + uy * c))
        let right = (tip.0 + head * (ux * c + uy * s), tip.1 + head * (-ux * s + uy * c))
        return [left, tip, right]
    }

    func readTextStroke(slot: Int) throws(RNoteImportError) {
        var item = RNoteItems.TextItem(text: "", x: 0, y: 0, fontFamily: "serif", fontSize: 32, bold: false, italic: false,
                                       color: RGBAColor(red: 0, green: 0, blue: 0), maxWidth: nil)
        var matrix = Self.identity
        try object("textstroke") { (key) throws(RNoteImportError) in
            switch key {
            case "text": item.text = try string("text", limit: maximumData)
            case "transform": matrix = try transform("transform")
            case "text_style":
                try object("text_style") { (key) throws(RNoteImportError) in
                    switch key {
                    case "font_family": item.fontFamily = try string("font_family")
                    case "font_size":
                        item.fontSize = try number("font_size")
                        try checkSize("font_size", item.fontSize)
                    case "font_weight": item.bold = try number("font_weight") >= 600
                    case "font_style": item.italic = try string("font_style") == "italic"
                    case "color": item.color = try color("color")
                    case "max_width":
                        if try !j({ try json.skipNull() }) {
                            let width = try number("max_width")
                            if let problem = InkRange.canvasCoordinateProblem("max_width", width) { throw outOfRange(problem) }
                            item.maxWidth = width > 0 ? width : nil
                        }
                    case "ranged_text_attributes":
                        var count = 0
                        try array("ranged_text_attributes") { (_) throws(RNoteImportError) in count += 1; try skip() }
                        if count > 0 { notes["text ranges with their own attributes drawn in the text's style", default: 0] += 1 }
                    default: try skip()
                    }
                }
            default: try skip()
            }
        }
        if matrix[0] != 1 || matrix[1] != 0 || matrix[2] != 0 || matrix[3] != 1 {
            notes["rotated or scaled text drawn upright at its place", default: 0] += 1
        }
        (item.x, item.y) = (matrix[4], matrix[5])
        guard !item.text.isEmpty else { return }
        let lines = Double(item.text.split(separator: "\n", omittingEmptySubsequences: false).count)
        let width = item.maxWidth ?? Double(item.text.count) * item.fontSize * 0.6
        var bounds = RNoteItems.Bounds()
        bounds.add(item.x, item.y)
        bounds.add(item.x + min(width, InkRange.maximumCanvasCoordinate), item.y + min(lines * item.fontSize * 1.3, InkRange.maximumCanvasCoordinate))
        try onItem(slot, .text(item), bounds)
    }

    func readVectorImage(slot: Int) throws(RNoteImportError) {
        var svg: [UInt8] = []
        var corners: [(Double, Double)] = []
        try object("vectorimage") { (key) throws(RNoteImportError) in
            switch key {
            case "svg_data":
                guard try j({ try json.peekKind() }) == .string else { throw malformed("svg_data is not a string") }
                svg = try j { try json.stringBytes(limit: maximumData) }
            case "rectangle": corners = try rectangle("rectangle")
            default: try skip()
            }
        }
        try emitImage(svg, isSVG: true, corners: corners, slot: slot)
    }

    func readBitmapImage(slot: Int) throws(RNoteImportError) {
        var pixels: [UInt8] = []
        var width = 0, height = 0
        var corners: [(Double, Double)] = []
        try object("bitmapimage") { (key) throws(RNoteImportError) in
            switch key {
            case "image":
                try object("image") { (key) throws(RNoteImportError) in
                    switch key {
                    case "data":
                        guard try j({ try json.peekKind() }) == .string else { throw malformed("data is not a string") }
                        let text = try j { try json.stringBytes(limit: maximumData) }
                        guard let decoded = Data(base64Encoded: Data(text), options: .ignoreUnknownCharacters) else {
                            throw malformed("the image data is not base64")
                        }
                        pixels = [UInt8](decoded)
                    case "pixel_width", "pixel_height":
                        let value = try number(key)
                        guard value >= 0, value <= 65536, value == value.rounded() else { throw outOfRange("\(key) is \(value), outside 0 … 65536") }
                        if key == "pixel_width" { width = Int(value) } else { height = Int(value) }
                    case "memory_format":
                        let format = try string("memory_format")
                        guard format == "R8g8b8a8Premultiplied" || format == "r8g8b8a8_premultiplied" else {
                            throw malformed("memory_format '\(format.prefix(40))' is not R8g8b8a8Premultiplied")
                        }
                    default: try skip()
                    }
                }
            case "rectangle": corners = try rectangle("rectangle")
            default: try skip()
            }
        }
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw malformed("the image has \(pixels.count) bytes of pixels for \(width) × \(height) pixels of 4 bytes")
        }
        try emitImage(BitmapPNG.encode(premultipliedRGBA: pixels, width: width, height: height), isSVG: false, corners: corners, slot: slot)
    }

    private func emitImage(_ bytes: [UInt8], isSVG: Bool, corners: [(Double, Double)], slot: Int) throws(RNoteImportError) {
        guard !corners.isEmpty, !bytes.isEmpty else {
            omitted["images without data or rectangle", default: 0] += 1
            return
        }
        var bounds = RNoteItems.Bounds()
        for corner in corners {
            if let problem = InkRange.canvasCoordinateProblem("a corner of the image", corner.0) ?? InkRange.canvasCoordinateProblem("a corner of the image", corner.1) {
                throw outOfRange(problem)
            }
            bounds.add(corner.0, corner.1)
        }
        if corners[0].1 != corners[1].1 { notes["rotated images drawn upright over their bounds", default: 0] += 1 }
        try onItem(slot, .image(RNoteItems.ImageItem(bytes: bytes, isSVG: isSVG, bounds: bounds)), bounds)
    }
}
