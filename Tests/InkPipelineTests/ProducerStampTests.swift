import LibPoppler
import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing

@Suite struct ProducerStampTests {
    @Test func cairosEntryIsReplacedInPlaceAndTheFileStillReads() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(), TestPage()])
        let ink = folder.writeInk("doc.ink.jsonl", layers: [PageLayer(page: 1, strokes: [redStroke([(100, 300), (200, 300)])])])
        let output = folder.path("out/doc.pdf")
        _ = try await flattenChecked(pdf: pdf, ink: ink, output: output)
        let bytes = try #require(fileBytes(output))
        #expect(bytes.range(of: ProducerStamp.cairoEntry) == nil, "cairo's entry is gone")
        #expect(bytes.range(of: Data("/Producer (\(ProducerStamp.producer))".utf8)) != nil)
        let document = try PDFDocument.open(path: output)
        #expect(document.pageCount == 2 && document.info.producer == ProducerStamp.producer)
        try await expectQPDFCheckPasses(output)
    }

    @Test func aFileWithoutCairosEntryIsLeftAsItIs() throws {
        let folder = TestFolder()
        let path = folder.write("%PDF-1.4\n1 0 obj\n<< /Producer (someone else) >>\nendobj\nxref\n0 2\ntrailer\n<< /Size 2 /Info 1 0 R >>\nstartxref\n52\n%%EOF\n",
                                to: "other.pdf")
        let before = fileBytes(path)
        try ProducerStamp.apply(to: path, name: path)
        #expect(fileBytes(path) == before)
    }
}
