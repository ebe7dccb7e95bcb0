/// Parses and validates one page-layer line into a `PageLayer`.
///
/// The strokes' points are read by a dedicated loop straight into
/// `StrokePoint`s (they are nearly all of a file's bytes); everything else
/// goes through the general `JSONValue` parser and is then checked, which
/// keeps the rules readable. Errors name the file, line, page, 1-based
/// stroke and point numbers and the field.
struct LayerParser {
    private var scanner: JSONScanner
    private let bytes: UnsafeRawBufferPointer
    let file: String
    let line: Int
    /// The layer's page once known, to locate errors in its strokes.
    private var page: Int?

    init(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) {
        scanner = JSONScanner(bytes)
        self.bytes = bytes
        self.file = file
        self.line = line
    }

    // MARK: Errors

    private func fail(stroke: Int? = nil, point: Int? = nil, field: String? = nil, _ problem: String) -> InkLayersError {
        InkLayersError(file: file, line: line, page: page, stroke: stroke, point: point, field: field, problem: problem)
    }

    private func syntax(_ error: JSONSyntaxError) -> InkLayersError {
        InkLayersError(file: file, line: line, problem: error.problem)
    }

    /// Parses the whole line. Syntax errors, thrown deep in the scanner
    /// without a location, get the file and line here.
    static func parseLayer(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) throws -> PageLayer {
        var parser = LayerParser(bytes, file: file, line: line)
        do {
            return try parser.parseLayer()
        } catch let error as JSONSyntaxError {
            throw parser.syntax(error)
        }
    }

    /// Parses a value that the format gives no fast path (anything but points).
    private mutating func value(depth: Int) throws -> JSONValue {
        try scanner.parseValue(depth: depth)
    }

    // MARK: Layer

    private mutating func parseLayer() throws -> PageLayer {
        try expectObject(otherwise: "a page layer is not a JSON object; expected {\"page\":…,\"strokes\":[…]}")
        if !firstKeyIsPage() {
            // Strokes may come before `page`; find it first so that their errors can name it.
            page = try Self.scanPage(bytes, file: file, line: line)
        }
        var strokes: [Stroke]?
        var name: String?
        var extra = JSONObject()
        if !scanner.closesImmediately(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.parseKey()
                switch key {
                case "page":
                    page = try pageNumber(try value(depth: 1))
                case "layer":
                    guard case .string(let text) = try value(depth: 1) else {
                        throw fail(field: "layer", "`layer` is not a string")
                    }
                    name = text
                case "strokes":
                    strokes = try parseStrokes()
                default:
                    extra.entries.append((key, try value(depth: 1)))
                }
            } while try scanner.nextMember(closing: UInt8(ascii: "}"))
        }
        try scanner.expectEnd()
        guard let page else { throw fail(field: "page", "layer has no `page`") }
        guard let strokes else { throw fail(field: "strokes", "layer has no `strokes`") }
        if let text = extra[RecognisedText.key] {
            do {
                _ = try RecognisedText.entries(of: text, strokeCount: strokes.count)
            } catch {
                throw InkLayersError(file: file, line: line, page: page, field: error.field, text: error.entry,
                                     problem: error.problem)
            }
        }
        return PageLayer(page: page, layer: name, strokes: strokes, extra: extra)
    }

    /// Consumes `{`, or reports a value of another kind with `problem` (and
    /// invalid JSON as such).
    private mutating func expectObject(otherwise problem: String) throws {
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "{") {
            scanner.index += 1
            return
        }
        _ = try value(depth: 0)
        throw fail(problem)
    }

    /// Whether the first key (if any) is `page`, without moving.
    private func firstKeyIsPage() -> Bool {
        var lookahead = scanner
        lookahead.skipWhitespace()
        guard lookahead.current == UInt8(ascii: "\""), let key = try? lookahead.parseString() else { return false }
        return key == "page"
    }

    private func pageNumber(_ value: JSONValue) throws -> Int {
        guard case .number(let text) = value, let number = JSONScanner.integer(fromLiteral: text) else {
            throw InkLayersError(file: file, line: line, field: "page", problem: "`page` is not an integer")
        }
        guard number >= 1 else {
            throw InkLayersError(file: file, line: line, field: "page",
                                 problem: "`page` is \(number); pages are numbered from 1")
        }
        guard InkRange.isPageNumber(number) else {
            throw InkLayersError(file: file, line: line, field: "page",
                                 problem: "`page` is \(number), more than the \(InkRange.maximumPageCount) pages a document may have")
        }
        return number
    }

    // MARK: Strokes

    private mutating func parseStrokes() throws -> [Stroke] {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "[") else {
            _ = try value(depth: 1)
            throw fail(field: "strokes", "`strokes` is not an array")
        }
        scanner.index += 1
        var strokes: [Stroke] = []
        if scanner.closesImmediately(UInt8(ascii: "]")) { return strokes }
        repeat {
            strokes.append(try parseStroke(number: strokes.count + 1))
        } while try scanner.nextMember(closing: UInt8(ascii: "]"))
        return strokes
    }

    private mutating func parseStroke(number: Int) throws -> Stroke {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "{") else {
            _ = try value(depth: 2)
            throw fail(stroke: number, "stroke is not a JSON object")
        }
        scanner.index += 1
        var ink: Ink?
        var created: Double?
        var id: String?
        var transform: StrokeTransform?
        var mask: String?
        var interpolation: Stroke.Interpolation?
        var seed: JSONValue?
        var points: [StrokePoint]?
        var extra = JSONObject()
        if !scanner.closesImmediately(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.parseKey()
                switch key {
                case "points":
                    points = try parsePoints(stroke: number)
                case "ink":
                    ink = try self.ink(try value(depth: 3), stroke: number)
                case "created":
                    let time = try finiteNumber(try value(depth: 3), key: "created", stroke: number)
                    if let problem = InkRange.timeProblem("`created`", time) { throw fail(stroke: number, field: "created", problem) }
                    created = time
                case "id":
                    id = try string(try value(depth: 3), key: "id", stroke: number)
                case "mask":
                    mask = try string(try value(depth: 3), key: "mask", stroke: number)
                case "transform":
                    transform = try self.transform(try value(depth: 3), stroke: number)
                case "interpolation":
                    let text = try string(try value(depth: 3), key: "interpolation", stroke: number)
                    guard let kind = Stroke.Interpolation(rawValue: text) else {
                        throw fail(stroke: number, field: "interpolation",
                                   "`interpolation` is \(InkLayersHeader.quoted(text)); expected \"bspline\" or \"linear\"")
                    }
                    interpolation = kind
                case "seed":
                    let literal = try value(depth: 3)
                    guard case .number = literal else { throw fail(stroke: number, field: "seed", "`seed` is not a number") }
                    seed = literal
                default:
                    extra.entries.append((key, try value(depth: 3)))
                }
            } while try scanner.nextMember(closing: UInt8(ascii: "}"))
        }
        guard let ink else { throw fail(stroke: number, field: "ink", "stroke has no `ink`") }
        guard let created else { throw fail(stroke: number, field: "created", "stroke has no `created`") }
        guard let points else { throw fail(stroke: number, field: "points", "stroke has no `points`") }
        return Stroke(ink: ink, created: created, id: id, transform: transform, mask: mask,
                      interpolation: interpolation, seed: seed, points: points, extra: extra)
    }

    private func ink(_ value: JSONValue, stroke: Int) throws -> Ink {
        guard case .object(let object) = value else { throw fail(stroke: stroke, field: "ink", "`ink` is not an object") }
        var type: InkType?
        var colorText: String?
        var color: RGBAColor?
        var width: Double?
        var extra = JSONObject()
        for (key, value) in object.entries {
            switch key {
            case "type":
                type = InkType(name: try string(value, key: "ink.type", stroke: stroke))
            case "color":
                let text = try string(value, key: "ink.color", stroke: stroke)
                guard let parsed = RGBAColor(hex: text) else {
                    throw fail(stroke: stroke, field: "ink.color",
                               "`ink.color` is \(InkLayersHeader.quoted(text)); expected #RRGGBB or #RRGGBBAA")
                }
                colorText = text
                color = parsed
            case "width":
                let number = try finiteNumber(value, key: "ink.width", stroke: stroke)
                if let problem = InkRange.widthProblem("`ink.width`", number) { throw fail(stroke: stroke, field: "ink.width", problem) }
                width = number
            default:
                extra.entries.append((key, value))
            }
        }
        guard let type else { throw fail(stroke: stroke, field: "ink.type", "ink has no `type`") }
        guard let colorText, let color else { throw fail(stroke: stroke, field: "ink.color", "ink has no `color`") }
        return Ink(type: type, colorText: colorText, color: color, width: width, extra: extra)
    }

    private func transform(_ value: JSONValue, stroke: Int) throws -> StrokeTransform {
        let shape = "`transform` is not an array of 6 numbers"
        guard case .array(let elements) = value, elements.count == 6 else {
            throw fail(stroke: stroke, field: "transform", shape)
        }
        var numbers: [Double] = []
        for element in elements {
            guard case .number(let text) = element, let number = JSONScanner.double(fromLiteral: text) else {
                throw fail(stroke: stroke, field: "transform", shape)
            }
            guard number.isFinite else {
                throw fail(stroke: stroke, field: "transform", "`transform` has a number that is not finite")
            }
            numbers.append(number)
        }
        if let scale = numbers[0..<4].first(where: { abs($0) > InkRange.maximumTransformScale }) {
            throw fail(stroke: stroke, field: "transform",
                       "`transform` scales by \(scale), more than the ±\(Int(InkRange.maximumTransformScale)) a stroke may be scaled")
        }
        for (index, offset) in numbers[4..<6].enumerated() {
            if let problem = InkRange.coordinateProblem(index == 0 ? "`transform` tx" : "`transform` ty", offset) {
                throw fail(stroke: stroke, field: "transform", problem)
            }
        }
        return StrokeTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5])
    }

    private func string(_ value: JSONValue, key: String, stroke: Int) throws -> String {
        guard case .string(let text) = value else { throw fail(stroke: stroke, field: key, "`\(key)` is not a string") }
        return text
    }

    private func finiteNumber(_ value: JSONValue, key: String, stroke: Int) throws -> Double {
        guard case .number(let text) = value, let number = JSONScanner.double(fromLiteral: text) else {
            throw fail(stroke: stroke, field: key, "`\(key)` is not a number")
        }
        guard number.isFinite else { throw fail(stroke: stroke, field: key, "`\(key)` is not a finite number") }
        return number
    }

    // MARK: Points

    private mutating func parsePoints(stroke: Int) throws -> [StrokePoint] {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "[") else {
            _ = try value(depth: 3)
            throw fail(stroke: stroke, field: "points", "`points` is not an array")
        }
        scanner.index += 1
        if scanner.closesImmediately(UInt8(ascii: "]")) {
            throw fail(stroke: stroke, field: "points", "`points` is empty; a stroke needs at least one point")
        }
        var points: [StrokePoint] = []
        repeat {
            points.append(try parsePoint(stroke: stroke, point: points.count + 1))
        } while try scanner.nextMember(closing: UInt8(ascii: "]"))
        return points
    }

    /// One `[x,y,t,w,h,opacity,force,azimuth,altitude]`: the innermost loop of reading a file.
    @inline(__always)
    private mutating func parsePoint(stroke: Int, point: Int) throws -> StrokePoint {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "[") else {
            _ = try value(depth: 4)
            throw fail(stroke: stroke, point: point, "point is not an array of 9 numbers")
        }
        scanner.index += 1
        var values = InlineArray<9, Double>(repeating: 0)
        var count = 0
        if !scanner.closesImmediately(UInt8(ascii: "]")) {
            repeat {
                scanner.skipWhitespace()
                if count < 9 && scanner.atNumber {
                    values[count] = try scanner.parseDouble()
                } else {
                    // Not a number (or a tenth value): parse it so invalid JSON is reported as such.
                    _ = try value(depth: 5)
                    if count < 9 {
                        throw fail(stroke: stroke, point: point, field: StrokePoint.fieldNames[count],
                                   "\(StrokePoint.fieldNames[count]) is not a number")
                    }
                }
                count += 1
            } while try scanner.nextMember(closing: UInt8(ascii: "]"))
        }
        guard count == 9 else {
            throw fail(stroke: stroke, point: point, "point has \(count) values; expected 9 numbers")
        }
        let result = StrokePoint(x: values[0], y: values[1], t: values[2], w: values[3], h: values[4],
                                 opacity: values[5], force: values[6], azimuth: values[7], altitude: values[8])
        if !result.isValid { throw invalidPoint(result, stroke: stroke, point: point) }
        return result
    }

    /// The error for a point whose numbers parsed but break a rule (kept out of the hot loop).
    private func invalidPoint(_ values: StrokePoint, stroke: Int, point: Int) -> InkLayersError {
        let broken = values.brokenRule!
        return fail(stroke: stroke, point: point, field: broken.field, broken.problem)
    }

    // MARK: Page only

    /// Finds the top-level `page` (the last one, as when parsing) by stepping
    /// over every other value structurally, without reading numbers.
    static func scanPage(_ bytes: UnsafeRawBufferPointer, file: String, line: Int) throws -> Int {
        var parser = LayerParser(bytes, file: file, line: line)
        do {
            return try parser.scanPage()
        } catch let error as JSONSyntaxError {
            throw parser.syntax(error)
        }
    }

    private mutating func scanPage() throws -> Int {
        try expectObject(otherwise: "a page layer is not a JSON object; expected {\"page\":…,\"strokes\":[…]}")
        var page: Int?
        if !scanner.closesImmediately(UInt8(ascii: "}")) {
            repeat {
                let key = try scanner.parseKey()
                if key == "page" {
                    page = try pageNumber(try value(depth: 1))
                } else {
                    try scanner.skipValue(depth: 1)
                }
            } while try scanner.nextMember(closing: UInt8(ascii: "}"))
        }
        try scanner.expectEnd()
        guard let page else { throw InkLayersError(file: file, line: line, field: "page", problem: "layer has no `page`") }
        return page
    }
}
