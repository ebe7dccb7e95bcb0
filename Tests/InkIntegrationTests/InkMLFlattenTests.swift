import Foundation
import InkFixtures
import InkModel
import Testing

/// InkML documents through the built executable: flattened alone and over a PDF
/// page (read back and rendered with poppler), the sidecar the document byte for
/// byte, converted with its report, and a hostile file refused with exit 65.
@Suite struct InkMLFlattenTests {
    let folder = TestFolder()

    func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }

    /// Two strokes in 1/1000 cm: a dark pen line from (2 cm, 2 cm) to (8 cm, 2 cm), and a
    /// yellow highlighter from (2 cm, 5 cm) to (8 cm, 5 cm), first differences after the first point.
    static let document = """
        <?xml version="1.0" encoding="UTF-8"?>
        <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
        <inkml:definitions>
        <inkml:context xml:id="ctx0"><inkml:inkSource xml:id="src0"><inkml:traceFormat>
        <inkml:channel name="X" type="integer" max="32767" units="cm"/><inkml:channel name="Y" type="integer" max="32767" units="cm"/>
        <inkml:channel name="F" type="integer" max="1023" units="dev"/>
        </inkml:traceFormat><inkml:channelProperties>
        <inkml:channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
        <inkml:channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>
        </inkml:channelProperties></inkml:inkSource></inkml:context>
        <inkml:brush xml:id="pen"><inkml:brushProperty name="width" value="0.1" units="cm"/><inkml:brushProperty name="color" value="#102040"/></inkml:brush>
        <inkml:brush xml:id="hl"><inkml:brushProperty name="width" value="0.4" units="cm"/><inkml:brushProperty name="color" value="#FFFF00"/>
        <inkml:brushProperty name="rasterOp" value="maskPen"/><inkml:brushProperty name="tip" value="rectangle"/></inkml:brush>
        </inkml:definitions>
        <inkml:trace contextRef="#ctx0" brushRef="#pen">2000 2000 600,'1000'0'0,1000 0 0,1000 0 0,1000 0 0,1000 0 0,1000 0 0</inkml:trace>
        <inkml:trace contextRef="#ctx0" brushRef="#hl">2000 5000 512,'6000'0'0</inkml:trace>
        </inkml:ink>
        """

    static func points(_ cm: Double) -> Double { cm * 72 / 2.54 }

    @Test("flattened alone: paper sized to the ink, the pen and the highlighter drawn where the file puts them, the sidecar the document")
    func flattenAlone() async throws {
        let inkml = path("note.inkml")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: inkml))
        let output = path("out/note.pdf")
        let run = try await Run.of(["flatten", inkml, "-o", output] + DemoLicence.arguments)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("wrote \(path("out/note.inkml"))"))
        #expect(FileManager.default.contents(atPath: path("out/note.inkml")) == Data(Self.document.utf8))
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == 1)
        let size = reader.size(ofPage: 1)
        #expect(abs(size.width - (Self.points(8) + Self.points(0.2) + 36)) < 0.5, "\(size)")
        let raster = reader.render(page: 1, scale: 2)
        // On the pen line (y = 2 cm) between its ends: dark; below it, halfway to the highlighter: white.
        let pen = raster.pixel(Int(Self.points(5) * 2), Int(Self.points(2) * 2))
        #expect(pen.r < 80 && pen.b < 120, "\(pen)")
        let gap = raster.pixel(Int(Self.points(5) * 2), Int(Self.points(3.5) * 2))
        #expect(gap.r > 240 && gap.g > 240 && gap.b > 240, "\(gap)")
        // The highlighter: yellow (multiplied over white), beyond the pen's ends too.
        let marker = raster.pixel(Int(Self.points(7.5) * 2), Int(Self.points(5) * 2))
        #expect(marker.r > 200 && marker.g > 200 && marker.b < 60, "\(marker)")
        // A PNG of it, for a person to look at (the test folder is kept while the run lasts).
        _ = try? await Run.of(["render", inkml, "-o", path("png")] + DemoLicence.arguments)
    }

    @Test("over a PDF page (--pdf, --page): the PDF's page with the ink from its top-left corner")
    func flattenOverPDF() async throws {
        let pdf = path("paper.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(width: 612, height: 792, lines: []),
                                                                                  TestPage(width: 612, height: 792, lines: [])])
        let inkml = path("note.inkml")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: inkml))
        let output = path("over.pdf")
        let run = try await Run.of(["flatten", inkml, "--pdf", pdf, "--page", "2", "-o", output] + DemoLicence.arguments)
        #expect(run.status == 0, "\(run.errors)")
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == 1 && reader.size(ofPage: 1).width == 612)
        let pen = reader.render(page: 1).pixel(Int(Self.points(5)), Int(Self.points(2)))
        #expect(pen.r < 100, "\(pen)")
    }

    @Test("convert reports what it wrote; --ink-format inkml reads a file of any name; a DOCTYPE is refused with exit 65")
    func convertAndErrors() async throws {
        let inkml = path("note.txt")
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: inkml))
        let converted = try await Run.of(["convert", inkml, "--ink-format", "inkml", "-o", path("note.ink.jsonl")])
        #expect(converted.status == 0, "\(converted.errors)")
        #expect(converted.output.contains("2 strokes, from inkml"), "\(converted.output)")
        let hostile = path("bomb.inkml")
        try Data("<?xml version=\"1.0\"?>\n<!DOCTYPE ink [<!ENTITY a \"aaaa\">]>\n<ink xmlns=\"http://www.w3.org/2003/InkML\"><trace>&a;</trace></ink>".utf8)
            .write(to: URL(fileURLWithPath: hostile))
        let refused = try await Run.of(["flatten", hostile, "-o", path("bomb.pdf")] + DemoLicence.arguments)
        #expect(refused.status == 65)
        #expect(refused.errors.contains("bomb.inkml:2:") && refused.errors.contains("document type declaration"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: path("bomb.pdf")))
    }
}
