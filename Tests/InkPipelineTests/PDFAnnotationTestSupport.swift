import Foundation
import InkFixtures
import InkModel
@testable import InkImport
@testable import InkPipeline

/// PyMuPDF as the independent oracle of where a PDF's annotations lie: it reports each
/// annotation's vertices and rectangle, which `compare` turns into the ink's frame (the
/// page as displayed, y down: PyMuPDF's page space times `page.rotation_matrix`).
enum AnnotationOracle {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static var isAvailable: Bool { get async { await OutsideTool.pythonHas("fitz, pikepdf") } }

    @discardableResult
    static func python(_ script: String, arguments: [String]) async throws -> Data {
        do {
            return try await ReferenceReaders.python(["-c", script] + arguments)
        } catch let failure as ReferenceReaders.Failure {
            throw Failure(message: failure.message)
        }
    }

    struct Annotation: Decodable {
        var page: Int
        var type: String
        var flags: Int
        var vertices: [[Double]]?
        var lists: [[[Double]]]?
        var rect: [Double]
        var width: Double?
        var kept: Bool
    }

    static let script = """
    import fitz, json, sys
    d = fitz.open(sys.argv[1]); out = []
    for page in d:
        m = page.rotation_matrix
        def t(p): q = fitz.Point(p) * m; return [q.x, q.y]
        for a in page.annots():
            v = a.vertices; e = {"page": page.number + 1, "type": a.type[1], "flags": a.flags,
                 "rect": [c for p in (a.rect.tl, a.rect.br) for c in t(p)], "width": a.border.get("width")}
            k = a.type[1]; key = lambda name: d.xref_get_key(a.xref, name)[1]
            # What a stroke cannot carry stays drawn as the annotation's own appearance, not read as ink.
            e["kept"] = bool((k in ("Square", "Circle", "Polygon") and a.colors.get("fill"))
                or (k in ("Line", "PolyLine") and any(a.line_ends or ()))
                or (k in ("Line", "PolyLine", "Polygon", "Square", "Circle") and key("Measure") != "null")
                or (k == "Line" and key("Cap") == "true" and a.info.get("content"))
                or key("BE/S") == "/C")
            if v and a.type[1] == "Ink": e["lists"] = [[t(p) for p in s] for s in v]
            elif v: e["vertices"] = [t(p) for p in v]
            out.append(e)
    print(json.dumps(out))
    """

    /// What differs between the strokes inkpdf reads from `path` and the annotations PyMuPDF
    /// reports there (within 1 pt); empty when they agree.
    static func compare(_ path: String) async throws -> [String] {
        let annotations = try JSONDecoder().decode([Annotation].self, from: try await python(script, arguments: [path]))
        let read = try PDFAnnotationReader.read(pdf: path, password: nil, layersForm: .inkLayers)
        defer { unlink(read.layersPath) }
        let layers = try PageOrderedLayers(path: read.layersPath)
        var failures: [String] = []
        for page in Set(annotations.map(\.page)).sorted() {
            let strokes = try layers.layers(forPage: page).filter { $0.layer == PDFAnnotationReader.layerName }.flatMap(\.strokes)
            var next = 0
            func take(_ what: String) -> Stroke? {
                guard next < strokes.count else { failures.append("page \(page): no stroke for \(what)"); return nil }
                next += 1
                return strokes[next - 1]
            }
            func near(_ a: StrokePoint, _ b: [Double]) -> Bool { abs(a.x - b[0]) <= 1 && abs(a.y - b[1]) <= 1 }
            func same(_ stroke: Stroke, _ points: [[Double]], _ what: String) {
                let expected = points.count == 1 ? points + points : points
                if stroke.points.count != expected.count || !zip(stroke.points, expected).allSatisfy(near) {
                    failures.append("page \(page): \(what): \(stroke.points.prefix(3).map { [$0.x, $0.y] }) vs \(expected.prefix(3))")
                }
            }
            for annotation in annotations where annotation.page == page && annotation.flags & 4 != 0 && annotation.flags & 3 == 0 && !annotation.kept {
                let what = "\(annotation.type) at \(annotation.rect.map { Int($0) })"
                let box = (x0: min(annotation.rect[0], annotation.rect[2]), y0: min(annotation.rect[1], annotation.rect[3]),
                           x1: max(annotation.rect[0], annotation.rect[2]), y1: max(annotation.rect[1], annotation.rect[3]))
                switch annotation.type {
                case "Ink":
                    for list in annotation.lists ?? [] where !list.isEmpty { if let s = take(what) { same(s, list, what) } }
                case "Line", "PolyLine", "Polygon":
                    guard var vertices = annotation.vertices, let s = take(what) else { continue }
                    if annotation.type == "Polygon", vertices.count > 2 { vertices.append(vertices[0]) }
                    same(s, vertices, what)
                case "Highlight", "Underline", "StrikeOut", "Squiggly":
                    let vertices = annotation.vertices ?? []
                    for quad in stride(from: 0, to: vertices.count - 3, by: 4).map({ Array(vertices[$0..<($0 + 4)]) }) {
                        guard let s = take(what) else { continue }
                        let xs = quad.map { $0[0] }, ys = quad.map { $0[1] }
                        let inside = s.points.allSatisfy { $0.x >= xs.min()! - 1 && $0.x <= xs.max()! + 1 && $0.y >= ys.min()! - 1 && $0.y <= ys.max()! + 1 }
                        let spans = abs(s.points.map(\.x).min()! - xs.min()!) <= 1 && abs(s.points.map(\.x).max()! - xs.max()!) <= 1
                            || abs(s.points.map(\.y).min()! - ys.min()!) <= 1 && abs(s.points.map(\.y).max()! - ys.max()!) <= 1
                        if !inside || !spans { failures.append("page \(page): \(what): the line does not run along its quad \(quad)") }
                    }
                case "Square", "Circle":
                    guard let s = take(what) else { continue }
                    let half = (annotation.width ?? 1) / 2
                    let bounds = [s.points.map(\.x).min()!, s.points.map(\.y).min()!, s.points.map(\.x).max()!, s.points.map(\.y).max()!]
                    let expected = [box.x0 + half, box.y0 + half, box.x1 - half, box.y1 - half]
                    if !zip(bounds, expected).allSatisfy({ abs($0 - $1) <= 1 }) {
                        failures.append("page \(page): \(what): outline bounds \(bounds) vs \(expected)")
                    }
                default: continue
                }
            }
            if next != strokes.count { failures.append("page \(page): \(strokes.count - next) strokes more than PyMuPDF's annotations give") }
        }
        return failures
    }
}

/// Pages rendered by poppler's `pdftoppm` as grey pixels, compared where they differ from the page without annotations.
enum PopplerRaster {
    struct Grey {
        var width: Int, height: Int, pixels: [UInt8]
        func value(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
    }

    static let hasPdftoppm = OutsideTool.pdftoppm.isInstalled

    /// Page `page` of `pdf` at 36 dpi, its visible box; without annotations when `hidingAnnotations`.
    static func grey(_ pdf: String, page: Int, folder: TestFolder, name: String, hidingAnnotations: Bool = false) async throws -> Grey {
        let stem = folder.path(name)
        _ = try await OutsideTool.pdftoppm.outcome(["-r", "36", "-gray", "-cropbox", "-f", "\(page)", "-l", "\(page)", "-singlefile"]
            + (hidingAnnotations ? ["-hide-annotations"] : []) + [pdf, stem])
        return try pgm(stem + ".pgm")
    }

    /// A binary 8-bit PGM file (what `pdftoppm -gray` and `reference_render.py` write).
    static func pgm(_ path: String) throws -> Grey {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // P5 <width> <height> <maximum>\n then the bytes.
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < data.count {
            let c = data[index]; index += 1
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(c)))
            }
        }
        let width = Int(fields[1])!, height = Int(fields[2])!
        return Grey(width: width, height: height, pixels: Array(data[index..<(index + width * height)]))
    }

    /// The pixels where `a` differs from `base` (by more than 24 levels).
    static func marks(_ a: Grey, base: Grey) -> [Bool] {
        zip(a.pixels, base.pixels).map { abs(Int($0) - Int($1)) > 24 }
    }

    /// The share of `a`'s marks that have a mark of `b` within `reach` pixels.
    static func overlap(of a: [Bool], in b: [Bool], width: Int, height: Int, reach: Int) -> Double {
        var total = 0, covered = 0
        for y in 0..<height {
            for x in 0..<width where a[y * width + x] {
                total += 1
                search: for dy in -reach...reach {
                    for dx in -reach...reach {
                        let u = x + dx, v = y + dy
                        if u >= 0, v >= 0, u < width, v < height, b[v * width + u] { covered += 1; break search }
                    }
                }
            }
        }
        return total == 0 ? 0 : Double(covered) / Double(total)
    }
}

/// A PDF written from its objects (object 1 is the catalog), streams as bytes: for annotation
/// dictionaries no library writes, with a correct cross-reference table.
enum TestPDF {
    enum Object {
        case text(String)
        case stream([UInt8], dictionary: String)
    }

    static func write(_ objects: [Object], to path: String) throws {
        var bytes = Array("%PDF-1.7\n%\u{00E2}\u{00E3}\n".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(bytes.count)
            bytes += Array("\(index + 1) 0 obj\n".utf8)
            switch object {
            case .text(let text): bytes += Array(text.utf8)
            case .stream(let data, let dictionary):
                bytes += Array("<< \(dictionary) /Length \(data.count) >>\nstream\n".utf8) + data + Array("\nendstream".utf8)
            }
            bytes += Array("\nendobj\n".utf8)
        }
        let xref = bytes.count
        var tail = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { tail += String(format: "%010d 00000 n \n", offset) }
        tail += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(bytes + Array(tail.utf8)).write(to: URL(fileURLWithPath: path))
    }
}
