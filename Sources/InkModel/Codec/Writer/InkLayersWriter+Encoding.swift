/// Turning model values into the bytes of one line.
extension InkLayersWriter {
    /// Where a value being written will stand, to name it in an error.
    struct Location {
        var file: String
        var line: Int

        func error(page: Int? = nil, stroke: Int? = nil, point: Int? = nil, field: String,
                   problem: String) -> InkLayersError {
            InkLayersError(file: file, line: line, page: page, stroke: stroke, point: point,
                           field: field, problem: problem)
        }
    }

    static func encode(_ header: InkLayersHeader, into out: inout JSONOutput, location: Location) throws {
        out.append("{\"format\":")
        out.append(string: InkLayersHeader.formatName)
        out.append(",\"version\":")
        out.append(integer: header.version)
        if header.pdfPageCount != nil || header.pdfSHA256 != nil || !header.pdfExtra.isEmpty {
            out.append(",\"pdf\":{")
            var needsComma = false
            if let pageCount = header.pdfPageCount {
                out.append("\"pageCount\":")
                out.append(integer: pageCount)
                needsComma = true
            }
            if let sha256 = header.pdfSHA256 {
                if needsComma { out.append(UInt8(ascii: ",")) }
                out.append("\"sha256\":")
                out.append(string: sha256)
                needsComma = true
            }
            guard out.append(members: header.pdfExtra, after: needsComma, skipping: ["pageCount", "sha256"]) else {
                throw location.error(field: "pdf", problem: Self.badLiteralProblem)
            }
            out.append(UInt8(ascii: "}"))
        }
        guard out.append(members: header.extra, after: true, skipping: ["format", "version", "pdf"]) else {
            throw location.error(field: "header", problem: Self.badLiteralProblem)
        }
        out.append(UInt8(ascii: "}"))
    }

    static func encode(_ layer: PageLayer, into out: inout JSONOutput, location: Location) throws {
        out.append("{\"page\":")
        out.append(integer: layer.page)
        if let name = layer.layer {
            out.append(",\"layer\":")
            out.append(string: name)
        }
        out.append(",\"strokes\":[")
        for (index, stroke) in layer.strokes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            try encode(stroke, into: &out, location: location, page: layer.page, stroke: index + 1)
        }
        out.append(UInt8(ascii: "]"))
        guard out.append(members: layer.extra, after: true, skipping: ["page", "layer", "strokes"]) else {
            throw location.error(page: layer.page, field: "layer", problem: Self.badLiteralProblem)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// What stands for a stroke's points in a layer's shell.
    static let shellPoint = StrokePoint(x: 0, y: 0, w: 1, h: 1)

    /// Encodes `layer` as a shell, each stroke with `shellPoint` for its points, for a form
    /// that keeps the points apart (the spool, the packed strokes) and puts them back in
    /// their place. A stroke without points is an error: its place could not be told.
    static func encodeShell(_ layer: PageLayer, into out: inout JSONOutput, location: Location) throws {
        var shell = layer
        for index in shell.strokes.indices {
            guard !layer.strokes[index].points.isEmpty else {
                throw location.error(page: layer.page, stroke: index + 1, field: "points", problem: "a stroke needs at least one point")
            }
            shell.strokes[index].points = [shellPoint]
        }
        try encode(shell, into: &out, location: location)
    }

    private static func encode(_ stroke: Stroke, into out: inout JSONOutput, location: Location,
                               page: Int, stroke number: Int) throws {
        func notFinite(_ field: String, point: Int? = nil, key: Bool = true) -> InkLayersError {
            location.error(page: page, stroke: number, point: point, field: field,
                           problem: "\(key ? "`\(field)`" : field) is not a finite number; JSON cannot hold it")
        }
        func badLiteral(_ field: String) -> InkLayersError {
            location.error(page: page, stroke: number, field: field, problem: Self.badLiteralProblem)
        }

        out.append("{\"ink\":{\"type\":")
        out.append(string: stroke.ink.type.name)
        out.append(",\"color\":")
        out.append(string: stroke.ink.colorText)
        if let width = stroke.ink.width {
            out.append(",\"width\":")
            guard out.append(number: width) else { throw notFinite("ink.width") }
        }
        guard out.append(members: stroke.ink.extra, after: true, skipping: ["type", "color", "width"]) else {
            throw badLiteral("ink")
        }
        out.append("},\"created\":")
        guard out.append(number: stroke.created) else { throw notFinite("created") }
        if let id = stroke.id {
            out.append(",\"id\":")
            out.append(string: id)
        }
        if let transform = stroke.transform {
            out.append(",\"transform\":[")
            let values = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard out.append(number: value) else { throw notFinite("transform") }
            }
            out.append(UInt8(ascii: "]"))
        }
        if let mask = stroke.mask {
            out.append(",\"mask\":")
            out.append(string: mask)
        }
        if let interpolation = stroke.interpolation {
            out.append(",\"interpolation\":")
            out.append(string: interpolation.rawValue)
        }
        if let seed = stroke.seed {
            // Only a number reads back (the reader refuses anything else here).
            guard case .number = seed else {
                throw location.error(page: page, stroke: number, field: "seed", problem: "`seed` is not a number; cannot write it")
            }
            out.append(",\"seed\":")
            guard out.append(value: seed) else { throw badLiteral("seed") }
        }
        out.append(",\"points\":[")
        for (index, point) in stroke.points.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            guard out.append(number: point.x) else { throw notFinite("x", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.y) else { throw notFinite("y", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.t) else { throw notFinite("t", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.w) else { throw notFinite("w", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.h) else { throw notFinite("h", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.opacity) else { throw notFinite("opacity", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.force) else { throw notFinite("force", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.azimuth) else { throw notFinite("azimuth", point: index + 1, key: false) }
            out.append(UInt8(ascii: ","))
            guard out.append(number: point.altitude) else { throw notFinite("altitude", point: index + 1, key: false) }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "]"))
        let defined: Set<String> = ["ink", "created", "id", "transform", "mask", "interpolation", "seed", "points"]
        guard out.append(members: stroke.extra, after: true, skipping: stroke.extra.isEmpty ? [] : defined) else {
            throw badLiteral("stroke")
        }
        out.append(UInt8(ascii: "}"))
    }

    static let badLiteralProblem = "a kept number is not valid JSON number text; cannot write it"
}
