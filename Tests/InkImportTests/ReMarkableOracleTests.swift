import Foundation
import Testing
import InkFixtures
@testable import InkImport

/// Checks the reader against rmscene itself, run on the same files: layers,
/// strokes, points, tools, colours, RGBA and bounds of every version 6 file in the corpus.
@Suite(.enabled("needs the shared corpus and python3 with rmscene (python3 -m pip install rmscene)") { await RMSceneOracle.isAvailable && CorpusLocation.isAvailable })
struct ReMarkableOracleTests {
    @Test func everyVersion6FileMatchesRMScene() async throws {
        let files = ReMarkableCorpusTests.expected.filter { $0.version == 6 }.map(\.file)
        let oracle = try await RMSceneOracle.describe(files.map { CorpusLocation.path("remarkable/" + $0) })
        #expect(oracle.count == files.count)
        for (file, want) in zip(files, oracle) {
            let page = try ReMarkableCorpusTests.page(file)
            #expect(page.layers.map { $0.name ?? "" } == want.layerNames, "\(file)")
            let mine = page.layers.map { ReMarkableCorpusTests.lines($0) }
            #expect(mine.map(\.count) == want.strokesPerLayer, "\(file)")
            let lines = mine.flatMap { $0 }
            #expect(lines.map { Int($0.tool) } == want.tools, "\(file): tools in order")
            #expect(lines.map { Int($0.color) } == want.colors, "\(file): colours in order")
            #expect(lines.map(\.points.count) == want.pointCounts, "\(file): points per stroke")
            #expect(lines.map { $0.rgba.map { [Int($0.0), Int($0.1), Int($0.2), Int($0.3)] } ?? [] } == want.rgba, "\(file)")
            let points = lines.flatMap(\.points)
            if let bounds = want.bounds, !points.isEmpty {
                let b = [points.map(\.x).min()!, points.map(\.x).max()!, points.map(\.y).min()!, points.map(\.y).max()!].map(Double.init)
                #expect(zip(b, bounds).allSatisfy { abs($0 - $1) < 1e-4 }, "\(file): bounds \(b) vs \(bounds)")
                // The packed integers, as rmscene reads them, for the first point of each stroke.
                let firsts = lines.compactMap { l in l.points.first.map { p in
                    let v = p.normalized(encoding: l.pointEncoding)
                    return [v.speed, v.direction, v.width, v.pressure].map { ($0 * 1000).rounded() / 1000 } } }
                #expect(firsts.count == want.firstPoints.count)
                for (m, o) in zip(firsts, want.firstPoints) {
                    #expect(zip(m, o).allSatisfy { abs($0 - $1) < 0.01 }, "\(file): first point \(m) vs \(o)")
                }
            }
        }
    }
}

enum RMSceneOracle {
    struct Page: Decodable {
        var layerNames: [String]
        var strokesPerLayer: [Int]
        var tools: [Int]
        var colors: [Int]
        var pointCounts: [Int]
        var rgba: [[Int]]
        var bounds: [Double]?
        var firstPoints: [[Double]]
    }

    static var isAvailable: Bool { get async { await OutsideTool.pythonHas("rmscene") } }

    static let script = """
    import sys, json, logging
    logging.disable(logging.CRITICAL)
    from rmscene import read_tree, scene_items as si
    def leaves(g):
        for cid in g.children:
            c = g.children[cid]
            if isinstance(c, si.Group): yield from leaves(c)
            elif c is not None: yield c
    out = []
    for f in sys.argv[1:]:
        t = read_tree(open(f, 'rb'))
        layers = [t.root.children[c] for c in t.root.children if isinstance(t.root.children[c], si.Group)]
        lines = [[x for x in leaves(g) if isinstance(x, si.Line)] for g in layers]
        flat = [l for ls in lines for l in ls]
        pts = [p for l in flat for p in l.points]
        out.append(dict(layerNames=[g.label.value for g in layers], strokesPerLayer=[len(ls) for ls in lines],
            tools=[int(l.tool) for l in flat], colors=[int(l.color) for l in flat], pointCounts=[len(l.points) for l in flat],
            rgba=[list(getattr(l, 'color_rgba', None) or []) for l in flat],
            bounds=[min(p.x for p in pts), max(p.x for p in pts), min(p.y for p in pts), max(p.y for p in pts)] if pts else None,
            firstPoints=[[round(float(v), 3) for v in (l.points[0].speed, l.points[0].direction, l.points[0].width, l.points[0].pressure)] for l in flat if l.points]))
    print(json.dumps(out))
    """

    static func describe(_ files: [String]) async throws -> [Page] {
        try JSONDecoder().decode([Page].self, from: try await run(["-c", script] + files))
    }

    struct Failure: Error { var status: Int32; var message: String }

    static func run(_ arguments: [String]) async throws -> Data {
        do {
            return try await ReferenceReaders.python(arguments)
        } catch let failure as ReferenceReaders.Failure {
            throw Failure(status: failure.status, message: failure.message)
        }
    }
}
