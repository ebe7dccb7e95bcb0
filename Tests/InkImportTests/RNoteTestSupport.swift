import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// Helpers for the rnote tests: notebooks written as rnote writes them (gzip of JSON, by the
/// system's gzip), what the importer wrote read back, and an independent reader of the
/// notebooks' JSON (Foundation's `JSONSerialization`, none of the importer's code).
enum RNoteTestSupport {
    static let corpus = ["rnote/v0-5-5-test.rnote", "rnote/lecture_note_1.rnote", "rnote/pdf_annotation.rnote"]

    static func options(_ folder: String, pdf: String? = nil, limit: Int = 1 << 30) -> ImportOptions {
        ImportOptions(pdf: pdf, maximumExpandedBytes: limit, temporaryDirectory: folder)
    }

    /// Writes `json` gzip-compressed to `path`.
    static func writeGzip(_ json: String, to path: String) async {
        await writeGzip(Array(json.utf8), to: path)
    }

    static func writeGzip(_ bytes: [UInt8], to path: String) async {
        let plain = path + ".json"
        _ = FileManager.default.createFile(atPath: plain, contents: Data(bytes))
        _ = try? await OutsideTool.shell("gzip -c -n \"$0\" > \"$1\" && rm -f \"$0\"", plain, path)
    }

    /// The decompressed bytes of a gzip file (the system's gzip).
    static func gunzip(_ path: String) async -> Data {
        (try? await OutsideTool.gzip.outcome(["-dc", path]).output) ?? Data()
    }

    static func layers(_ path: String) throws -> (InkLayersHeader, [PageLayer]) {
        let reader = try InkLayersReader(path: path)
        var out: [PageLayer] = []
        while let layer = try reader.nextLayer() { out.append(layer) }
        return (reader.header, out)
    }

    /// A 0.9-style notebook around `strokes` (each a stroke value's JSON) with chrono components
    /// (`t` = slot, user layer 0 unless `layers` says otherwise).
    static func notebook(strokes: [String], layers: [String]? = nil, version: String = "0.9.4",
                         document: String = defaultDocument) -> String {
        let slots = strokes.map { #"{"value":\#($0),"version":1}"# }.joined(separator: ",")
        let chrono = strokes.indices.map { index in
            let layer = layers?[index] ?? #"{"user_layer":0}"#
            return #"{"value":{"t":\#(index + 1),"layer":\#(layer)},"version":1}"#
        }.joined(separator: ",")
        return #"{"version":"\#(version)","data":{"engine_snapshot":{"document":\#(document),"camera":{},"stroke_components":[\#(slots)],"chrono_components":[\#(chrono)],"chrono_counter":\#(strokes.count + 1)}}}"#
    }

    static let defaultDocument = #"{"x":0.0,"y":0.0,"width":793.7,"height":2245.0,"format":{"width":793.7,"height":1122.5,"dpi":96.0},"background":{"color":{"r":1.0,"g":1.0,"b":1.0,"a":1.0},"pattern":"grid","pattern_size":[32.0,32.0],"pattern_color":{"r":0.8,"g":0.9,"b":1.0,"a":1.0}}}"#

    static func brush(_ points: [(Double, Double, Double)], width: Double = 2, curve: String = "linear",
                      color: String = #"{"r":0.0,"g":0.0,"b":1.0,"a":1.0}"#) -> String {
        let start = points[0]
        let segments = points.dropFirst().map { #"{"lineto":{"end":{"pos":[\#($0.0),\#($0.1)],"pressure":\#($0.2)}}}"# }.joined(separator: ",")
        return #"{"brushstroke":{"path":{"start":{"pos":[\#(start.0),\#(start.1)],"pressure":\#(start.2)},"segments":[\#(segments)]},"style":{"smooth":{"stroke_width":\#(width),"stroke_color":\#(color),"fill_color":null,"pressure_curve":"\#(curve)"}}}}"#
    }

    /// Reads a notebook the way the tests understand rnote: the pages, each with its strokes
    /// in drawing order, each stroke's points on the page in points.
    struct Expected {
        struct Stroke { var points: [(Double, Double)]; var segments: Int; var elements: Int }
        var pages: [[Stroke]] = []
    }

    static func independentRead(_ path: String) async -> Expected {
        let root = (try? JSONSerialization.jsonObject(with: await gunzip(path))) as? [String: Any] ?? [:]
        let data = root["data"] as? [String: Any] ?? [:]
        let snapshot = (data["engine_snapshot"] ?? data["store_snapshot"]) as? [String: Any] ?? [:]
        let document = (snapshot["document"] ?? data["document"]) as? [String: Any] ?? [:]
        let format = document["format"] as? [String: Any] ?? [:]
        let pageWidth = format["width"] as? Double ?? 0, pageHeight = format["height"] as? Double ?? 0
        let dpi = format["dpi"] as? Double ?? 96
        let scale = 72 / dpi
        func values(_ key: String) -> [Any?] {
            (snapshot[key] as? [Any] ?? []).map { slot in
                guard let slot = slot as? [String: Any], let value = slot["value"], !(value is NSNull) else { return nil }
                return value
            }
        }
        let strokes = values("stroke_components"), chrono = values("chrono_components"), trash = values("trash_components")

        func xy(_ value: Any?) -> (Double, Double) {
            let pair = value as? [Double] ?? [0, 0]
            return (pair[0], pair[1])
        }
        func position(_ element: Any?) -> (Double, Double) { xy((element as? [String: Any])?["pos"]) }
        func curve(_ from: (Double, Double), _ controls: [(Double, Double)], _ to: (Double, Double), samples: Int) -> [(Double, Double)] {
            (1...samples).map { k in
                let t = Double(k) / Double(samples), u = 1 - t
                if controls.count == 1 {
                    let c = controls[0]
                    return (u * u * from.0 + 2 * u * t * c.0 + t * t * to.0, u * u * from.1 + 2 * u * t * c.1 + t * t * to.1)
                }
                let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                return (a * from.0 + b * controls[0].0 + c * controls[1].0 + d * to.0, a * from.1 + b * controls[0].1 + c * controls[1].1 + d * to.1)
            }
        }

        struct Item { var slot: Int; var rank: Int; var t: Double; var points: [(Double, Double)]; var width: Double; var segments: Int; var elements: Int; var isInk = true }
        var items: [Item] = []
        for (slot, value) in strokes.enumerated() {
            guard let stroke = value as? [String: Any] else { continue }
            if let trashed = (trash.count > slot ? trash[slot] : nil) as? [String: Any], trashed["trashed"] as? Bool == true { continue }
            var rank = 3_000_000, t = 0.0
            if let c = (chrono.count > slot ? chrono[slot] : nil) as? [String: Any] {
                t = c["t"] as? Double ?? 0
                if let name = c["layer"] as? String { rank = ["document": 0, "image": 1, "highlighter": 2][name] ?? 9 }
                if let user = c["layer"] as? [String: Any] { rank = 3_000_000 + ((user["user_layer"] ?? user["UserLayer"]) as? Int ?? 0) }
            }
            var points: [(Double, Double)] = []
            var width = 0.0, segments = 0, elements = 0
            if let brush = stroke["brushstroke"] as? [String: Any] {
                let style = (brush["style"] as? [String: Any])?.values.first as? [String: Any]
                width = style?["stroke_width"] as? Double ?? 0
                var list: [[String: Any]] = []
                if let path = brush["path"] as? [String: Any] {
                    points.append(position(path["start"]))
                    elements += 1
                    list = path["segments"] as? [[String: Any]] ?? []
                } else if let path = brush["path"] as? [[String: Any]] {
                    list = path
                    if let first = list.first?.values.first as? [String: Any] {
                        points.append(position(first["start"] ?? first["element"]))
                        elements += 1
                    }
                }
                for segment in list {
                    guard let (kind, body) = segment.first, let body = body as? [String: Any] else { continue }
                    segments += 1
                    elements += 1
                    let end = position(body["end"] ?? body["element"])
                    switch kind {
                    case "quadbezto", "quadbez": points += curve(points.last!, [xy(body["cp"])], end, samples: 8)
                    case "cubbezto", "cubbez": points += curve(points.last!, [xy(body["cp1"]), xy(body["cp2"])], end, samples: 8)
                    default: points.append(end)
                    }
                }
            } else if let shape = stroke["shapestroke"] as? [String: Any],
                      let line = (shape["shape"] as? [String: Any])?["line"] as? [String: Any] {
                width = ((shape["style"] as? [String: Any])?.values.first as? [String: Any])?["stroke_width"] as? Double ?? 0
                points = [xy(line["start"]), xy(line["end"])]
                segments = 1
                elements = 2
            } else if let image = (stroke["vectorimage"] ?? stroke["bitmapimage"]) as? [String: Any],
                      let rectangle = image["rectangle"] as? [String: Any] {
                // An image makes its pages exist; it has no ink.
                let half = xy((rectangle["cuboid"] as? [String: Any])?["half_extents"])
                let affine = ((rectangle["transform"] as? [String: Any])?["affine"] as? [Double]) ?? [1, 0, 0, 0, 1, 0, 0, 0, 1]
                points = [(affine[6] - half.0, affine[7] - half.1), (affine[6] + half.0, affine[7] + half.1)]
                items.append(Item(slot: slot, rank: rank, t: t, points: points, width: 0, segments: 0, elements: 0, isInk: false))
                continue
            } else {
                continue
            }
            items.append(Item(slot: slot, rank: rank, t: t, points: points, width: width, segments: segments, elements: elements))
        }
        items.sort { ($0.rank, $0.t, $0.slot) < ($1.rank, $1.t, $1.slot) }

        // The pages: format tiles from the origin over the document's bounds, those a stroke reaches.
        let x0 = document["x"] as? Double ?? 0, y0 = document["y"] as? Double ?? 0
        let x1 = x0 + (document["width"] as? Double ?? 0), y1 = y0 + (document["height"] as? Double ?? 0)
        func bounds(_ item: Item) -> (Double, Double, Double, Double) {
            let xs = item.points.map(\.0), ys = item.points.map(\.1)
            return (xs.min()! - item.width / 2, ys.min()! - item.width / 2, xs.max()! + item.width / 2, ys.max()! + item.width / 2)
        }
        var expected = Expected()
        var top = (y0 / pageHeight).rounded(.down) * pageHeight
        while top < y1 {
            var left = (x0 / pageWidth).rounded(.down) * pageWidth
            while left < x1 {
                let onPage = items.filter { item in
                    let b = bounds(item)
                    return min(b.2, left + pageWidth) - max(b.0, left) > 1e-3 && min(b.3, top + pageHeight) - max(b.1, top) > 1e-3
                }
                if !onPage.isEmpty {
                    expected.pages.append(onPage.filter(\.isInk).map { item in
                        Expected.Stroke(points: item.points.map { (($0.0 - left) * scale, ($0.1 - top) * scale) },
                                        segments: item.segments, elements: item.elements)
                    })
                }
                left += pageWidth
            }
            top += pageHeight
        }
        return expected
    }
}
