import Foundation
import InkFixtures
import InkModel
import Testing

/// Issue 52: what `convert` holds of a PDF's annotations is one page's, once. A page may give 2 million
/// points (144 MB as strokes); qpdf's handle for every number read was held until the page was done
/// (about 150 bytes a number: 600 MB a page), and three such pages could wait to be written behind a
/// fourth. The generated files are scripts/hostile_inputs.py's; GNU time gives the peak.
@Suite(.serialized)
struct AnnotationMemoryTests {
    /// Far above one page of 2 million points held once, far below what a page held with a handle for each
    /// number (700 MB and more, in debug and release builds alike).
    static let bound = 600 << 10   // KB

    static func convert(_ generator: String, _ folder: TestFolder) async throws -> (run: Run, kilobytes: Int, output: String) {
        let pdf = folder.path("\(generator).pdf"), output = folder.path("\(generator).ink.jsonl")
        _ = try await ReferenceReaders.script("hostile_inputs.py", [generator, pdf])
        let (run, kilobytes) = try await SearchCommandTests.peakMemory(["convert", pdf, "-o", output])
        return (run, kilobytes, output)
    }

    static func points(_ output: String) throws -> [Int: Int] {
        let reader = try InkLayersReader(path: output)
        var points: [Int: Int] = [:]
        while let layer = try reader.nextLayer() { points[layer.page, default: 0] += layer.strokes.reduce(0) { $0 + $1.points.count } }
        return points
    }

    /// 3,000 annotations on one page naming one /InkList of 100,000 points: the page's points are spent
    /// after 20, and the warnings of the 2,980 others are counted, one line a kind.
    @Test func aFloodOfWarningsIsCountedAndThePageHeldOnce() async throws {
        let folder = TestFolder()
        let (run, kilobytes, output) = try await Self.convert("warning-flood-pdf", folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(kilobytes < Self.bound, "peak \(kilobytes >> 10) MB")
        #expect(try Self.points(output) == [1: 2_000_000])
        let counted = run.output.split(separator: "\n").filter { $0.contains("more like it") }
        #expect(counted.count == 2 && counted.allSatisfy { $0.contains("(and 2,979 more like it, page 1)") }, "\(run.output)")
        #expect(run.output.split(separator: "\n").count < 10, "\(run.output)")
    }

    /// 8 pages of 2 million points each, from one /InkList named 160 times (about 740 KB).
    @Test func pagesOfTwoMillionPointsAreHeldOneAtATime() async throws {
        let folder = TestFolder()
        let (run, kilobytes, output) = try await Self.convert("dense-annotation-pages", folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(kilobytes < Self.bound, "peak \(kilobytes >> 10) MB")
        let points = try Self.points(output)
        // The document's budget for a file of this size runs out on page 7 (said in the notes).
        #expect(points.keys.sorted() == Array(1...7) && points.filter { $0.key < 7 }.values.allSatisfy { $0 == 2_000_000 }, "\(points)")
    }
}
