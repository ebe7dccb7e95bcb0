import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkImport

/// rnote 0.6–0.8 (issue 39, b). rnote's loader reads every version from 0.5.10 to 0.8.x as one
/// layout (`RnoteFileMaj0Min6`): `data.engine_snapshot` with `document`, `stroke_components`,
/// `chrono_components` and `chrono_counter`, and no `camera` (0.9 added it, nothing else); the
/// strokes' JSON (pen paths `{start, segments}`, smooth options, layers) is 0.9's.
@Suite struct RNoteVersionTests {
    typealias S = RNoteTestSupport
    let folder = XournalTestSupport.temporaryFolder()

    /// A notebook as rnote `version` wrote it: a pen path of lines and a Bézier, a shape, two layers.
    static func notebook(version: String, camera: Bool) -> String {
        let pen = #"{"brushstroke":{"path":{"start":{"pos":[100.0,120.0],"pressure":0.4},"segments":[{"lineto":{"end":{"pos":[180.0,140.0],"pressure":0.8}}},{"cubbezto":{"cp1":[200.0,160.0],"cp2":[220.0,200.0],"end":{"pos":[240.0,260.0],"pressure":0.6}}}]},"style":{"smooth":{"stroke_width":3.0,"stroke_color":{"r":0.1,"g":0.2,"b":0.7,"a":1.0},"fill_color":null,"pressure_curve":"linear"}}}}"#
        let line = #"{"shapestroke":{"shape":{"line":{"start":[300.0,1100.0],"end":[500.0,1150.0]}},"style":{"smooth":{"stroke_width":2.0,"stroke_color":{"r":0.0,"g":0.0,"b":0.0,"a":1.0},"fill_color":null,"pressure_curve":"const"}},"drawstyle":"smooth"}}"#
        let document = #"{"x":0.0,"y":0.0,"width":793.7007874015749,"height":2245.0393700787404,"format":{"width":793.7007874015749,"height":1122.5196850393702,"dpi":96.0,"orientation":"portrait","border_color":{"r":0.6,"g":0.6,"b":0.6,"a":1.0},"show_borders":true},"background":{"color":{"r":1.0,"g":1.0,"b":1.0,"a":1.0},"pattern":"dots","pattern_size":[32.0,32.0],"pattern_color":{"r":0.8,"g":0.9,"b":1.0,"a":1.0}},"layout":"continuous_vertical"}"#
        let strokes = [pen, line].map { #"{"value":\#($0),"version":1}"# }.joined(separator: ",")
        let chrono = #"{"value":{"t":2,"layer":{"user_layer":1}},"version":1},{"value":{"t":1,"layer":{"user_layer":0}},"version":1}"#
        let cameraMember = camera ? #""camera":{"offset":[0.0,0.0],"zoom":1.0,"size":[800.0,600.0]},"# : ""
        return #"{"version":"\#(version)","data":{"engine_snapshot":{"document":\#(document),\#(cameraMember)"stroke_components":[\#(strokes)],"chrono_components":[\#(chrono)],"chrono_counter":3}}}"#
    }

    func read(_ json: String) async throws -> (ImportedDocument, [PageLayer], String) {
        let file = (folder as NSString).appendingPathComponent(UUID().uuidString + ".rnote")
        await S.writeGzip(json, to: file)
        let document = try RNoteImporter.read(path: file, options: S.options(folder))
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        return (document, try S.layers(document.layersPath).1, file)
    }

    @Test(arguments: ["0.5.10", "0.6.0", "0.7.1", "0.8.2", "0.8.0-beta1"])
    func notebooksOfRnote06To08AreRead(_ version: String) async throws {
        let (document, layers, file) = try await read(Self.notebook(version: version, camera: false))
        // As the independent reader of the JSON sees it: two pages, the pen path on the first, the line on the second.
        let expected = await S.independentRead(file)
        #expect(document.pages.count == expected.pages.count && expected.pages.count == 2)
        // Page by page, in drawing order (the line on user layer 0 under the pen path on layer 1).
        let strokes = (1...document.pages.count).map { page in layers.filter { $0.page == page }.flatMap(\.strokes) }
        #expect(strokes.map(\.count) == expected.pages.map(\.count))
        for (got, want) in zip(strokes.joined(), expected.pages.joined()) {
            #expect(got.points.count == want.points.count)
            for (p, q) in zip(got.points, want.points) { #expect(abs(p.x - q.0) < 1e-9 && abs(p.y - q.1) < 1e-9) }
        }
        // And the same ink as its 0.9 twin (the same JSON with a camera).
        let (_, twin, _) = try await read(Self.notebook(version: "0.9.4", camera: true))
        #expect(layers.map(\.strokes) == twin.map(\.strokes))
        #expect(layers.map(\.layer) == twin.map(\.layer))
    }
}
