import Foundation
import InkModel

/// Walks an rnote notebook's JSON as rnote writes it (`fileformats/rnoteformat/`,
/// `engine/snapshot.rs`) and hands each stroke to `onItem` as it is read:
///
/// - `{version, data}`; 0.9–0.12: `data.engine_snapshot = {document, camera,
///   stroke_components, chrono_components, chrono_counter}`; 0.5: `data.document` and
///   `data.store_snapshot` (which also has `trash_components`, `{trashed}` per slot).
/// - `stroke_components` and the other components are slot lists: `{value, version}`
///   with `value: null` in an empty slot. A slot's index ties a stroke to its chrono
///   (layer and time) and trash components.
/// - Brush paths: 0.9's `{start, segments: [lineto {end} | quadbezto {cp, end} | cubbezto
///   {cp1, cp2, end}]}`, 0.5.9's the same with a `start` in every segment, 0.5's list of
///   `dot {element} | line {start, end} | quadbez {start, cp, end} | cubbez {start, cp1, cp2, end}`,
///   read as rnote's upgrade does (the first segment's start begins the path; each segment
///   adds its end). An element is `{pos: [x, y], pressure}`.
/// - Bézier segments are drawn as `curveSamples` points each (the samples at t = k/n, k = 1 … n,
///   of the curve; its control points are not points of the stroke).
///
/// Every number is checked against `InkRange` (canvas coordinates against
/// `maximumCanvasCoordinate`, widths and sides in points) and a bad one is reported with
/// its JSON path and byte offset.
final class RNoteSnapshotReader {
    /// Points a Bézier segment of a brush path is drawn with.
    static let curveSamples = 8
    /// Points of a Bézier shape and of an ellipse.
    static let shapeCurveSamples = 32
    static let ellipseSamples = 64
    /// The longest text, SVG or image data one stroke may carry is the budget itself; keys and names are short.
    static let shortString = 4096

    let path: String
    let json: RNoteJSONReader
    let maximumData: Int
    private(set) var version: String?
    private(set) var document = RNoteItems.Document()
    private(set) var sawDocument = false
    private(set) var sawStrokes = false
    private(set) var chrono: [Int: RNoteItems.Chrono] = [:]
    private(set) var trashed: Set<Int> = []
    /// Whether `document.format` has been read: the scale that widths in pixels are checked at.
    private var sawFormat = false
    /// The largest width or font size read before the format, checked once the format is known
    /// (rnote reads the members in any order, so the document may come after the strokes).
    private var pendingSize: (value: Double, what: String, place: RNoteImportError.Place)?
    /// Kinds read but not drawn, and notes.
    var omitted: [String: Int] = [:]
    var notes: [String: Int] = [:]
    /// The JSON path to the value being read: keys, and indices (formatted only for a message).
    enum Part { case key(String), index(Int) }
    // Touched for every member read, by one thread: no run-time exclusivity checks (see RNoteJSONReader).
    @exclusivity(unchecked) private var place: [Part] = []
    let onItem: (Int, RNoteItems.Item, RNoteItems.Bounds) throws(RNoteImportError) -> Void

    init(path: String, json: RNoteJSONReader, maximumData: Int,
         onItem: @escaping (Int, RNoteItems.Item, RNoteItems.Bounds) throws(RNoteImportError) -> Void) {
        self.path = path
        self.json = json
        self.maximumData = maximumData
        self.onItem = onItem
    }

    // MARK: Places and errors

    var currentPlace: RNoteImportError.Place {
        var text = ""
        for part in place {
            switch part {
            case .index(let index): text += "[\(index)]"
            case .key(let key): text += text.isEmpty ? key : "." + key
            }
        }
        return .init(path: text, offset: json.offset)
    }

    func located(_ failure: RNoteJSONReader.Failure) -> RNoteImportError {
        switch failure {
        case .syntax(let offset, let reason):
            return .json(path: path, place: .init(path: currentPlace.path, offset: offset), message: reason)
        case .expandsTooFar(let limit):
            return .expandsTooFar(path: path, limit: limit)
        case .tooDeep(let offset, let limit):
            return .tooDeep(path: path, place: .init(path: currentPlace.path, offset: offset), limit: limit)
        case .tooLong(let offset, let what, let limit):
            return .malformed(path: path, place: .init(path: currentPlace.path, offset: offset), problem: "\(what) longer than \(limit) bytes")
        case .input(let reason):
            return .brokenGzip(path: path, reason: reason)
        }
    }

    func malformed(_ problem: String) -> RNoteImportError { .malformed(path: path, place: currentPlace, problem: problem) }
    func outOfRange(_ problem: String) -> RNoteImportError { .outOfRange(path: path, place: currentPlace, problem: problem) }

    /// Runs `body` with `part` appended to the place, mapping the JSON reader's failures.
    @inline(__always)
    func at<T>(_ part: Part, _ body: () throws(RNoteImportError) -> T) throws(RNoteImportError) -> T {
        place.append(part)
        defer { place.removeLast() }
        return try body()
    }

    /// Runs a call of the JSON reader (whose only error is `RNoteJSONReader.Failure`), placing its failure.
    @inline(__always)
    func j<T>(_ body: () throws -> T) throws(RNoteImportError) -> T {
        do { return try body() } catch let failure as RNoteJSONReader.Failure { throw located(failure) } catch {
            throw malformed("\(error)")
        }
    }

    // MARK: Values

    func number(_ what: String) throws(RNoteImportError) -> Double {
        let kind = try j { try json.peekKind() }
        guard kind == .number else { throw malformed("\(what) is not a number") }
        return try j { try json.number() }
    }

    func canvasCoordinate(_ what: String) throws(RNoteImportError) -> Double {
        let value = try number(what)
        if let problem = InkRange.canvasCoordinateProblem(what, value) { throw outOfRange(problem) }
        return value
    }

    func string(_ what: String, limit: Int = RNoteSnapshotReader.shortString) throws(RNoteImportError) -> String {
        guard try j({ try json.peekKind() }) == .string else { throw malformed("\(what) is not a string") }
        return try j { try json.string(limit: limit) }
    }

    /// Iterates the members of an object, each under its key in the place.
    func object(_ what: String, _ member: (String) throws(RNoteImportError) -> Void) throws(RNoteImportError) {
        guard try j({ try json.peekKind() }) == .object else { throw malformed("\(what) is not an object") }
        try j { try json.beginObject() }
        while let key = try j({ try json.nextKey() }) {
            try at(.key(key)) { () throws(RNoteImportError) in try member(key) }
        }
    }

    func array(_ what: String, _ element: (Int) throws(RNoteImportError) -> Void) throws(RNoteImportError) {
        guard try j({ try json.peekKind() }) == .array else { throw malformed("\(what) is not an array") }
        try j { try json.beginArray() }
        var index = 0
        while try j({ try json.nextElement() }) {
            try at(.index(index)) { () throws(RNoteImportError) in try element(index) }
            index += 1
        }
    }

    func skip() throws(RNoteImportError) { try j { try json.skipValue() } }

    /// `[x, y]` on the canvas.
    func vector(_ what: String) throws(RNoteImportError) -> (Double, Double) {
        guard try j({ try json.peekKind() }) == .array else { throw malformed("\(what) is not an array") }
        try j { try json.beginArray() }
        guard try j({ try json.nextElement() }) else { throw malformed("\(what) is not two numbers [x, y]") }
        // The hot path (every point) pushes its place without a closure; a throw leaves it for the message.
        place.append(.index(0))
        let x = try canvasCoordinate("x")
        place.removeLast()
        guard try j({ try json.nextElement() }) else { throw malformed("\(what) is not two numbers [x, y]") }
        place.append(.index(1))
        let y = try canvasCoordinate("y")
        place.removeLast()
        guard try !j({ try json.nextElement() }) else { throw malformed("\(what) has more than two numbers") }
        return (x, y)
    }

    /// `{r, g, b, a}`, each 0 … 1 (clamped, as cairo takes them).
    func color(_ what: String) throws(RNoteImportError) -> RGBAColor {
        var color = RGBAColor(red: 1, green: 1, blue: 1)
        try object(what) { (key) throws(RNoteImportError) in
            switch key {
            case "r": color.red = min(max(try number("colour channel r"), 0), 1)
            case "g": color.green = min(max(try number("colour channel g"), 0), 1)
            case "b": color.blue = min(max(try number("colour channel b"), 0), 1)
            case "a": color.alpha = min(max(try number("colour channel a"), 0), 1)
            default: try skip()
            }
        }
        return color
    }

    /// A pen path's element: a position on the canvas and a pressure.
    struct Element { var x: Double, y: Double, pressure: Double }

    /// `{pos: [x, y], pressure}`; pressure 0.5 when absent (rnote's default), clamped to 0 … 1.
    /// Read without closures: it is the innermost object of every point.
    func element(_ what: String) throws(RNoteImportError) -> Element {
        guard try j({ try json.peekKind() }) == .object else { throw malformed("\(what) is not an object") }
        try j { try json.beginObject() }
        var x = 0.0, y = 0.0, hasPosition = false
        var pressure = 0.5
        while let key = try j({ try json.nextKey() }) {
            place.append(.key(key))
            switch key {
            case "pos":
                (x, y) = try vector("pos")
                hasPosition = true
            case "pressure":
                let value = try number("pressure")
                if abs(value) > InkRange.maximumAttribute { throw outOfRange("pressure is \(value), outside ±\(Int(InkRange.maximumAttribute))") }
                pressure = min(max(value, 0), 1)
            default: try skip()
            }
            place.removeLast()
        }
        guard hasPosition else { throw malformed("\(what) has no pos") }
        return Element(x: x, y: y, pressure: pressure)
    }

    func element(_ what: String, into points: inout [Double]) throws(RNoteImportError) {
        let element = try element(what)
        points.append(element.x)
        points.append(element.y)
        points.append(element.pressure)
    }

    /// An affine transform `[9 numbers]`, column-major (`[a, b, 0, c, d, 0, tx, ty, 1]`).
    func affine(_ what: String) throws(RNoteImportError) -> [Double] {
        var values: [Double] = []
        try array(what) { (_) throws(RNoteImportError) in
            guard values.count < 9 else { throw malformed("\(what) has more than nine numbers") }
            values.append(try number("affine value"))
        }
        guard values.count == 9 else { throw malformed("\(what) is not nine numbers") }
        for index in [0, 1, 3, 4] where abs(values[index]) > InkRange.maximumTransformScale {
            throw outOfRange("the transform's scale \(values[index]) is beyond ±\(Int(InkRange.maximumTransformScale))")
        }
        for index in [6, 7] {
            if let problem = InkRange.canvasCoordinateProblem("the transform's translation", values[index]) { throw outOfRange(problem) }
        }
        return [values[0], values[1], values[3], values[4], values[6], values[7]]
    }

    // MARK: Document

    func read() throws(RNoteImportError) {
        try object("the file") { (key) throws(RNoteImportError) in
            switch key {
            case "version":
                version = try string("version", limit: 64)
                if let version, !Self.isKnown(version) { throw .unknownVersion(path: path, version: version) }
            case "data": try readData()
            default: try skip()
            }
        }
        try j { try json.expectEnd() }
        if let pendingSize, let problem = InkRange.widthProblem(pendingSize.what, pendingSize.value * document.format.scale) {
            throw .outOfRange(path: path, place: pendingSize.place, problem: problem)
        }
        guard let version else { throw .notRNote(path: path, reason: "its JSON has no version") }
        _ = version
        guard sawStrokes else { throw .notRNote(path: path, reason: "its data has neither engine_snapshot nor store_snapshot with stroke_components") }
    }

    /// Versions whose layout is read, the groups of rnote's own loader before 0.13: 0.5.0–0.5.9
    /// (`store_snapshot`), 0.5.10–0.8.x (`engine_snapshot` without a camera) and 0.9.0–0.12.x
    /// (`engine_snapshot`); the strokes' JSON is the same from 0.5.10 on.
    static func isKnown(_ version: String) -> Bool {
        let core = version.split(separator: "-", maxSplits: 1).first.map(String.init) ?? version
        let parts = core.split(separator: ".").map { Int($0) }
        guard parts.count == 3, let major = parts[0], let minor = parts[1], parts[2] != nil, major == 0 else { return false }
        return (5...12).contains(minor)
    }

    private func readData() throws(RNoteImportError) {
        try object("data") { (key) throws(RNoteImportError) in
            switch key {
            case "document": try readDocument()
            case "engine_snapshot", "store_snapshot": try readSnapshot(key)
            default: try skip()
            }
        }
    }

    private func readSnapshot(_ name: String) throws(RNoteImportError) {
        try object(name) { (key) throws(RNoteImportError) in
            switch key {
            case "document": try readDocument()
            case "stroke_components":
                sawStrokes = true
                try slots("stroke_components") { (index) throws(RNoteImportError) in try readStroke(slot: index) }
            case "chrono_components":
                try slots("chrono_components") { (index) throws(RNoteImportError) in chrono[index] = try readChrono() }
            case "trash_components":
                try slots("trash_components") { (index) throws(RNoteImportError) in
                    try object("trash component") { (key) throws(RNoteImportError) in
                        guard key == "trashed" else { return try skip() }
                        guard try j({ try json.peekKind() }) == .bool else { throw malformed("trashed is not true or false") }
                        if try j({ try json.bool() }) { trashed.insert(index) }
                    }
                }
            default: try skip()
            }
        }
    }

    /// A slot list: `[{value, version} …]`, `value` null in an empty slot.
    private func slots(_ what: String, _ value: (Int) throws(RNoteImportError) -> Void) throws(RNoteImportError) {
        try array(what) { (index) throws(RNoteImportError) in
            if try j({ try json.skipNull() }) { return }
            try object("a slot") { (key) throws(RNoteImportError) in
                guard key == "value" else { return try skip() }
                if try j({ try json.skipNull() }) { return }
                try value(index)
            }
        }
    }

    private func readChrono() throws(RNoteImportError) -> RNoteItems.Chrono {
        var result = RNoteItems.Chrono(layerRank: 3 << 32, layerName: "user layer 0", t: 0)
        try object("chrono component") { (key) throws(RNoteImportError) in
            switch key {
            case "t":
                let t = try number("t")
                guard t >= 0, t <= Double(UInt32.max) else { throw outOfRange("t is \(t), outside 0 … \(UInt32.max)") }
                result.t = t
            case "layer":
                switch try j({ try json.peekKind() }) {
                case .string:
                    let name = try string("layer")
                    switch name.lowercased() {
                    case "document": result.layerRank = 0; result.layerName = "document"
                    case "image": result.layerRank = 1; result.layerName = "image"
                    case "highlighter": result.layerRank = 2; result.layerName = "highlighter"
                    default: throw malformed("layer '\(name.prefix(40))' is not one rnote has")
                    }
                case .object:
                    try object("layer") { (key) throws(RNoteImportError) in
                        guard key == "user_layer" || key == "UserLayer" else { throw malformed("layer '\(key.prefix(40))' is not one rnote has") }
                        let n = try number("user layer")
                        guard n >= 0, n <= Double(UInt32.max), n == n.rounded() else { throw outOfRange("user layer \(n) is not 0 … \(UInt32.max)") }
                        result.layerRank = 3 << 32 + Int(n)
                        result.layerName = "user layer \(Int(n))"
                    }
                default: throw malformed("layer is neither a name nor {user_layer: N}")
                }
            default: try skip()
            }
        }
        return result
    }

    private func readDocument() throws(RNoteImportError) {
        sawDocument = true
        try object("document") { (key) throws(RNoteImportError) in
            switch key {
            case "x": document.x = try canvasCoordinate("x")
            case "y": document.y = try canvasCoordinate("y")
            case "width": document.width = try canvasCoordinate("width")
            case "height": document.height = try canvasCoordinate("height")
            case "format": try readFormat()
            case "background": try readBackground()
            default: try skip()
            }
        }
    }

    private func readFormat() throws(RNoteImportError) {
        var format = RNoteItems.Format()
        try object("format") { (key) throws(RNoteImportError) in
            switch key {
            case "width": format.width = try number("width")
            case "height": format.height = try number("height")
            case "dpi":
                format.dpi = try number("dpi")
                guard format.dpi >= 1, format.dpi <= 100_000 else { throw outOfRange("dpi is \(format.dpi), outside 1 … 100000") }
            default: try skip()
            }
        }
        for (name, side) in [("format width", format.width), ("format height", format.height)] {
            if let problem = InkRange.pageSideProblem("\(name) (\(side) px at \(format.dpi) dpi)", side * format.scale) {
                throw outOfRange(problem)
            }
        }
        document.format = format
        sawFormat = true
    }

    private func readBackground() throws(RNoteImportError) {
        var background = RNoteItems.Background()
        try object("background") { (key) throws(RNoteImportError) in
            switch key {
            case "color": background.color = try color("color")
            case "pattern_color": background.patternColor = try color("pattern_color")
            case "pattern":
                let name = try string("pattern")
                guard let pattern = RNoteItems.Background.Pattern(rawValue: name) else {
                    notes["background pattern '\(name.prefix(40))' unknown; plain paper is drawn", default: 0] += 1
                    background.pattern = .none
                    return
                }
                background.pattern = pattern
            case "pattern_size":
                let (width, height) = try vector("pattern_size")
                for side in [width, height] {
                    if let problem = InkRange.widthProblem("pattern size", side) { throw outOfRange(problem) }
                }
                background.patternWidth = width
                background.patternHeight = height
            default: try skip()
            }
        }
        document.background = background
    }

    // MARK: Strokes

    private func readStroke(slot: Int) throws(RNoteImportError) {
        try object("a stroke") { (kind) throws(RNoteImportError) in
            switch kind {
            case "brushstroke": try readBrushStroke(slot: slot)
            case "shapestroke": try readShapeStroke(slot: slot)
            case "textstroke": try readTextStroke(slot: slot)
            case "vectorimage": try readVectorImage(slot: slot)
            case "bitmapimage": try readBitmapImage(slot: slot)
            default:
                omitted["\(kind.prefix(40)) stroke", default: 0] += 1
                try skip()
            }
        }
    }

    /// The style shared by `smooth`, `rough` and `textured`, the last two drawn as the closest smooth ink.
    func readStyleShared(_ ink: inout RNoteItems.InkItem) throws(RNoteImportError) {
        try object("style") { (variant) throws(RNoteImportError) in
            switch variant {
            case "smooth": break
            case "rough": notes["rough strokes drawn smooth (inkpdf has no rough ink)", default: 0] += 1
            case "textured": notes["textured strokes drawn smooth (inkpdf has no textured ink)", default: 0] += 1
            default: notes["strokes of style '\(variant.prefix(40))' drawn smooth", default: 0] += 1
            }
            try object(variant) { (key) throws(RNoteImportError) in
                switch key {
                case "stroke_width":
                    ink.width = try number("stroke_width")
                    try checkSize("stroke_width", ink.width)
                case "stroke_color": if try !j({ try json.skipNull() }) { ink.color = try color("stroke_color") }
                case "fill_color": if try !j({ try json.skipNull() }) { ink.fill = try color("fill_color") }
                case "pressure_curve":
                    let name = try string("pressure_curve")
                    guard let curve = RNoteItems.PressureCurve(name: name) else {
                        throw malformed("pressure_curve '\(name.prefix(40))' is not const, linear, sqrt, cbrt, pow2 or pow3")
                    }
                    ink.pressureCurve = curve
                case "line_cap":
                    ink.roundCap = try string("line_cap") != "straight"
                case "line_style":
                    let style = try string("line_style")
                    if let known = RNoteItems.LineStyle(name: style) {
                        ink.lineStyle = known
                    } else {
                        notes["\(style.prefix(40)) lines (a style this version does not know) drawn solid", default: 0] += 1
                    }
                default: try skip()
                }
            }
        }
    }

    /// Checks a width or font size in canvas pixels against `InkRange` at the document's scale, or,
    /// before the format is read, keeps the largest to check once it is.
    func checkSize(_ what: String, _ value: Double) throws(RNoteImportError) {
        guard !sawFormat, value > 0 else {
            if let problem = InkRange.widthProblem(what, value * document.format.scale) { throw outOfRange(problem) }
            return
        }
        if value > pendingSize?.value ?? 0 { pendingSize = (value, what, currentPlace) }
    }

    func emitInk(_ ink: RNoteItems.InkItem, slot: Int) throws(RNoteImportError) {
        var bounds = RNoteItems.Bounds()
        for line in ink.polylines {
            var index = 0
            while index + 2 < line.count {
                bounds.add(line[index], line[index + 1])
                index += 3
            }
        }
        guard !bounds.isEmpty else {
            notes["strokes without points left out", default: 0] += 1
            return
        }
        try onItem(slot, .ink(ink), bounds.inflated(by: ink.width / 2))
    }

    private func readBrushStroke(slot: Int) throws(RNoteImportError) {
        var ink = RNoteItems.InkItem(kind: .brush, width: 2, color: RGBAColor(red: 0, green: 0, blue: 0), fill: nil,
                                     pressureCurve: .linear, roundCap: true, polylines: [], closed: false)
        var points: [Double] = []
        try object("brushstroke") { (key) throws(RNoteImportError) in
            switch key {
            case "path": points = try readPenPath()
            case "style": try readStyleShared(&ink)
            default: try skip()
            }
        }
        // A brush stroke's fill is not drawn by rnote's smooth style for pen paths.
        ink.fill = nil
        ink.polylines = [points]
        try emitInk(ink, slot: slot)
    }

    /// The points (x, y, pressure) of a pen path in either layout.
    private func readPenPath() throws(RNoteImportError) -> [Double] {
        var points: [Double] = []
        switch try j({ try json.peekKind() }) {
        case .object:
            // rnote reads the members in any order (serde): segments met before the start wait for it,
            // since a curve's samples start from the point before it.
            var start: Element?
            var waiting: [Segment] = []
            var sawSegments = false
            try object("path") { (key) throws(RNoteImportError) in
                switch key {
                case "start":
                    start = try element("start")
                    guard let start, points.isEmpty else { throw malformed("the path has two starts") }
                    points.append(start.x); points.append(start.y); points.append(start.pressure)
                case "segments":
                    sawSegments = true
                    if points.isEmpty {
                        try readSegments("segments") { (segment) throws(RNoteImportError) in waiting.append(segment) }
                    } else {
                        try readSegments("segments") { (segment) throws(RNoteImportError) in append(segment, into: &points) }
                    }
                default: try skip()
                }
            }
            if start == nil, sawSegments { throw malformed("the path has segments but no start") }
            for segment in waiting { append(segment, into: &points) }
        case .array:
            // 0.5: segments that each carry their start; the first one's begins the path.
            try readSegments("path") { (segment) throws(RNoteImportError) in append(segment, into: &points) }
        default:
            throw malformed("path is neither {start, segments} nor a list of segments")
        }
        return points
    }

    /// One segment of a pen path as read: its kind, its end, and what else its kind has.
    struct Segment {
        enum Kind { case line, quadratic(cp: (Double, Double)), cubic(cp1: (Double, Double), cp2: (Double, Double)) }
        var kind: Kind
        var start: Element?
        var end: Element
    }

    /// One segment object, `{kind: {…}}`, its members in any order.
    private func readSegment(_ each: (Segment) throws(RNoteImportError) -> Void) throws(RNoteImportError) {
        guard try j({ try json.peekKind() }) == .object else { throw malformed("segment is not an object") }
        try j { try json.beginObject() }
        while let name = try j({ try json.nextKey() }) {
            place.append(.key(name))
            guard ["lineto", "line", "dot", "quadbezto", "quadbez", "cubbezto", "cubbez"].contains(name) else {
                throw malformed("segment '\(name.prefix(40))' is not lineto, quadbezto or cubbezto")
            }
            guard try j({ try json.peekKind() }) == .object else { throw malformed("\(name.prefix(40)) is not an object") }
            try j { try json.beginObject() }
            var start: Element?, end: Element?
            var cp: (Double, Double)?, cp1: (Double, Double)?, cp2: (Double, Double)?
            while let key = try j({ try json.nextKey() }) {
                place.append(.key(key))
                switch key {
                case "element", "end": end = try element(key)
                case "start": start = try element(key)
                case "cp": cp = try vector(key)
                case "cp1": cp1 = try vector(key)
                case "cp2": cp2 = try vector(key)
                default: try skip()
                }
                place.removeLast()
            }
            guard let end else { throw malformed("segment \(name) has no end") }
            let kind: Segment.Kind
            switch name {
            case "quadbezto", "quadbez":
                guard let cp else { throw malformed("\(name) needs a control point cp") }
                kind = .quadratic(cp: cp)
            case "cubbezto", "cubbez":
                guard let cp1, let cp2 else { throw malformed("\(name) needs control points cp1 and cp2") }
                kind = .cubic(cp1: cp1, cp2: cp2)
            default: kind = .line
            }
            try each(Segment(kind: kind, start: start, end: end))
            place.removeLast()
        }
    }

    /// Adds a segment to the path: its end, and for a Bézier curve the samples before it.
    private func append(_ segment: Segment, into points: inout [Double]) {
        let end = segment.end
        if points.isEmpty {
            // 0.5's first segment begins the path with its start (a dot with its element).
            let first = segment.start ?? end
            points.append(first.x); points.append(first.y); points.append(first.pressure)
        }
        switch segment.kind {
        case .line:
            points.append(end.x); points.append(end.y); points.append(end.pressure)
        case .quadratic(let cp):
            appendCurve(into: &points, controls: [cp], end: end)
        case .cubic(let cp1, let cp2):
            appendCurve(into: &points, controls: [cp1, cp2], end: end)
        }
    }

    /// The segments of a path, each read by `readSegment` and handed to `each`.
    private func readSegments(_ what: String, _ each: (Segment) throws(RNoteImportError) -> Void) throws(RNoteImportError) {
        guard try j({ try json.peekKind() }) == .array else { throw malformed("\(what) is not an array") }
        try j { try json.beginArray() }
        var index = 0
        while try j({ try json.nextElement() }) {
            place.append(.index(index))
            try readSegment(each)
            place.removeLast()
            index += 1
        }
    }

    /// Samples at t = k/n (k = 1 … n) of the Bézier curve from the last point through
    /// `controls` to `end`; pressure runs linearly from the last point's to the end's.
    private func appendCurve(into points: inout [Double], controls: [(Double, Double)], end: Element) {
        let n = Self.curveSamples
        let x0 = points[points.count - 3], y0 = points[points.count - 2], p0 = points[points.count - 1]
        for k in 1...n {
            let t = Double(k) / Double(n)
            let (x, y) = Self.bezier(t: t, from: (x0, y0), controls: controls, to: (end.x, end.y))
            points.append(x)
            points.append(y)
            points.append(p0 + (end.pressure - p0) * t)
        }
    }

    /// The point at `t` of a quadratic (one control) or cubic (two) Bézier curve.
    static func bezier(t: Double, from p0: (Double, Double), controls: [(Double, Double)], to p3: (Double, Double)) -> (Double, Double) {
        let u = 1 - t
        if controls.count == 1 {
            let c = controls[0]
            return (u * u * p0.0 + 2 * u * t * c.0 + t * t * p3.0, u * u * p0.1 + 2 * u * t * c.1 + t * t * p3.1)
        }
        let c1 = controls[0], c2 = controls[1]
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return (a * p0.0 + b * c1.0 + c * c2.0 + d * p3.0, a * p0.1 + b * c1.1 + c * c2.1 + d * p3.1)
    }
}
