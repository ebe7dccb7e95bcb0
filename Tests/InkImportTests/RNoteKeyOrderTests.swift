import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// rnote reads its JSON with serde, which takes an object's members in any order: a notebook
/// whose pen path has its segments before its start (as an rnote 0.6.0 notebook does), whose
/// shape comes before its style, whose document follows its strokes, or whose version follows
/// its data, is read as the same notebook in rnote's own order (issue 54, item 5).
@Suite struct RNoteKeyOrderTests {
    typealias S = RNoteTestSupport
    let folder = XournalTestSupport.temporaryFolder()

    static let style = #"{"smooth":{"stroke_width":3.0,"stroke_color":{"r":0.1,"g":0.2,"b":0.7,"a":1.0},"fill_color":null,"pressure_curve":"linear"}}"#
    /// A pen path of a line, a cubic and a quadratic; an arrow; a line; a text: the strokes of 0.5.10 and later.
    static let strokes = [
        #"{"brushstroke":{"path":{"start":{"pos":[100.0,120.0],"pressure":0.4},"segments":[{"lineto":{"end":{"pos":[180.0,140.0],"pressure":0.8}}},{"cubbezto":{"cp1":[200.0,160.0],"cp2":[220.0,200.0],"end":{"pos":[240.0,260.0],"pressure":0.6}}},{"quadbezto":{"cp":[260.0,300.0],"end":{"pos":[300.0,310.0],"pressure":0.5}}}]},"style":\#(style)}}"#,
        #"{"shapestroke":{"shape":{"arrow":{"start":[100.0,500.0],"tip":[200.0,500.0]}},"style":\#(style),"drawstyle":"smooth"}}"#,
        #"{"shapestroke":{"shape":{"line":{"start":[300.0,1100.0],"end":[500.0,1150.0]}},"style":\#(style),"drawstyle":"smooth"}}"#,
        #"{"textstroke":{"text":"order","transform":{"affine":[1.0,0.0,0.0,0.0,1.0,0.0,40.0,40.0,1.0]},"text_style":{"font_family":"serif","font_size":16.0,"font_weight":400,"font_style":"normal","color":{"r":0.0,"g":0.0,"b":0.0,"a":1.0}}}}"#,
    ]

    /// 0.5.0–0.5.9: `store_snapshot`, pen paths as lists of segments that each carry their start.
    static let notebook05 = #"{"version":"0.5.5","data":{"document":\#(S.defaultDocument),"store_snapshot":{"stroke_components":[{"value":{"brushstroke":{"path":[{"dot":{"element":{"pos":[10.0,10.0],"pressure":0.1}}},{"line":{"start":{"pos":[10.0,10.0],"pressure":0.1},"end":{"pos":[20.0,20.0],"pressure":0.2}}},{"quadbez":{"start":{"pos":[20.0,20.0],"pressure":0.2},"cp":[30.0,10.0],"end":{"pos":[40.0,20.0],"pressure":0.3}}},{"cubbez":{"start":{"pos":[40.0,20.0],"pressure":0.3},"cp1":[50.0,30.0],"cp2":[60.0,10.0],"end":{"pos":[70.0,20.0],"pressure":0.9}}}],"style":\#(style)}},"version":1}],"chrono_components":[{"value":{"layer":{"UserLayer":0},"t":1},"version":1}],"trash_components":[{"value":{"trashed":false},"version":1}]}}}"#

    /// The notebook of every layout rnote has written: 0.5.x, 0.5.10–0.8.x (no camera), 0.9 on.
    static let notebooks: [(String, String)] = [
        ("0.5.5", notebook05),
        ("0.6.0", S.notebook(strokes: strokes, version: "0.6.0").replacingOccurrences(of: #""camera":{},"#, with: "")),
        ("0.8.2", S.notebook(strokes: strokes, version: "0.8.2").replacingOccurrences(of: #""camera":{},"#, with: "")),
        ("0.9.4", S.notebook(strokes: strokes, version: "0.9.4")),
        ("0.12.0", S.notebook(strokes: strokes, version: "0.12.0")),
    ]

    /// `json` written again with every object's members sorted by `order` (numbers and strings as they were).
    static func reordered(_ json: String, _ order: @escaping (String, String) -> Bool) throws -> String {
        func write(_ value: Any) throws -> String {
            if let object = value as? [String: Any] {
                return try "{" + object.keys.sorted(by: order).map { key in try write(key as Any) + ":" + write(object[key]!) }.joined(separator: ",") + "}"
            }
            if let array = value as? [Any] { return try "[" + array.map(write).joined(separator: ",") + "]" }
            return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
        }
        return try write(JSONSerialization.jsonObject(with: Data(json.utf8)))
    }

    func read(_ json: String) async throws -> (ImportedDocument, [PageLayer]) {
        let file = (folder as NSString).appendingPathComponent(UUID().uuidString + ".rnote")
        await S.writeGzip(json, to: file)
        let document = try RNoteImporter.read(path: file, options: S.options(folder))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        return (document, try S.layers(document.layersPath).1)
    }

    @Test(arguments: notebooks.map(\.0))
    func membersInAnyOrderReadAsTheSameNotebook(_ version: String) async throws {
        let json = try #require(Self.notebooks.first { $0.0 == version }?.1)
        let (document, layers) = try await read(json)
        // Ascending: a path's segments before its start, data before version, end before start in a
        // 0.5 segment; descending: a shape's style before the shape, stroke_components before document.
        for (name, order) in [("ascending", { (a: String, b: String) in a < b }), ("descending", { (a: String, b: String) in a > b })] {
            let variant = try Self.reordered(json, order)
            if name == "ascending", version != "0.5.5" {
                #expect(variant.contains(#""segments":[{"#) && variant.range(of: #""segments""#)!.lowerBound < variant.range(of: #""start""#)!.lowerBound)
            }
            let (other, otherLayers) = try await read(variant)
            #expect(other.pages == document.pages, "\(version), members \(name): the pages differ")
            #expect(otherLayers.map(\.layer) == layers.map(\.layer), "\(version), members \(name)")
            #expect(otherLayers.map(\.strokes) == layers.map(\.strokes), "\(version), members \(name): the strokes differ")
        }
        #expect(!layers.flatMap(\.strokes).isEmpty)
    }

    @Test func anArrowHeadFollowsItsStyleWhereverTheStyleIs() async throws {
        // rnote writes the shape before its style: the head is still as long as a 3 px stroke makes it
        // (a tenth of the 100 px shaft is less than 4 widths: 12 px, 9 pt at 96 dpi).
        let (_, layers) = try await read(S.notebook(strokes: [Self.strokes[1]]))
        let strokes = layers.flatMap(\.strokes)
        try #require(strokes.count == 2)
        let head = strokes[1].points
        try #require(head.count == 3)
        let tip = head[1]
        for end in [head[0], head[2]] {
            let length = ((end.x - tip.x) * (end.x - tip.x) + (end.y - tip.y) * (end.y - tip.y)).squareRoot()
            #expect(abs(length - 9) < 1e-9, "the head's side is \(length) pt, not 9")
        }
    }

    @Test func widthsAreCheckedAtTheScaleOfADocumentThatComesAfterThem() async throws {
        // 30000 px is 22500 pt at 96 dpi but 7200 pt at 300 dpi (the document's): a width in range,
        // whether the document comes before the strokes or after them.
        let wide = Self.strokes[0].replacingOccurrences(of: #""stroke_width":3.0"#, with: #""stroke_width":30000.0"#)
        let document = S.defaultDocument.replacingOccurrences(of: #""dpi":96.0"#, with: #""dpi":300.0"#)
        let json = S.notebook(strokes: [wide], document: document)
        let before = try await read(json).1.flatMap(\.strokes)
        let after = try await read(try Self.reordered(json, >)).1.flatMap(\.strokes)
        #expect(!before.isEmpty && after == before)
        // And 30000 px at 96 dpi (22500 pt) is refused wherever the document is.
        let refused = S.notebook(strokes: [wide])
        for variant in [refused, try Self.reordered(refused, >)] {
            await #expect(throws: RNoteImportError.self) { _ = try await read(variant) }
        }
    }
}
