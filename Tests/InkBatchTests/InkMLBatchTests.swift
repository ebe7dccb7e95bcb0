import InkBatch
import InkFixtures
import Foundation
import InkPipeline
import InkModel
import Testing

/// Batches with InkML documents: alone, beside their PDF, and a file named
/// `.inkml` that is not InkML by its content.
@Suite struct InkMLBatchTests {
    /// A red stroke from (40, 40) to (300, 120) points.
    static let note = """
        <ink xmlns="http://www.w3.org/2003/InkML">
        <brush xml:id="red"><brushProperty name="color" value="#DC1414"/><brushProperty name="width" value="4"/></brush>
        <trace brushRef="#red">40 40, 170 80, 300 120</trace>
        </ink>
        """

    @Test func findsInkMLByContentAloneAndBesideItsPDFAndFlattensIt() throws {
        let f = BatchFixture()
        _ = f.folder.write(Self.note, to: "notes/alone.inkml")
        try f.document("paper.pdf", pages: 2, ink: nil)
        _ = f.folder.write(Self.note, to: "notes/paper.inkml")
        _ = f.folder.write("<ink><trace>1 2</trace></ink>", to: "notes/plain.inkml")
        let found = try BatchDiscovery.discover(source: f.source)
        #expect(found.documents.map(\.relativePath) == ["alone.pdf", "paper.pdf"])
        #expect(found.documents.allSatisfy { $0.format == .inkML })
        #expect(found.documents.first { $0.relativePath == "paper.pdf" }?.pdf == f.sourcePath("paper.pdf"))
        #expect(found.ignored.map(\.path) == ["plain.inkml"])

        let plan = { try BatchFlattener.plan(source: f.source, output: f.output) }
        let report = BatchFlattener.run(try plan(), options: BatchOptions(jobs: 1))
        for failure in report.failures { Issue.record("\(failure.document.relativePath): \(failure.failure!)") }
        #expect(fileBytes(f.outputPath("alone.inkml")) == fileBytes(f.sourcePath("alone.inkml")))
        #expect(try PopplerReader(path: f.outputPath("paper.pdf")).text(ofPage: 1).contains("page 1 of paper.pdf"))
        for path in ["alone.pdf", "paper.pdf"] {
            let raster = try PopplerReader(path: f.outputPath(path)).render(page: 1)
            var red = 0
            for y in stride(from: 0, to: raster.height, by: 2) { for x in stride(from: 0, to: raster.width, by: 2) where raster.isRed(x, y) { red += 1 } }
            #expect(red > 20, "\(path): \(red) red pixels")
        }
        let again = BatchFlattener.run(try plan())
        #expect(again.results.map(\.statusKey) == ["upToDate", "upToDate"])
    }
}
