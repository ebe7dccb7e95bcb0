import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing

/// Recognised text through PDF annotations: a foreign `/Ink` annotation's `/Contents` is the text of
/// its strokes; inkpdf's own annotations give back the text their stored layer had, split over the
/// annotations (one a stroke) and put together again.
@Suite struct AnnotationTextTests {
    @Test func aForeignInkAnnotationsContentsIsTheTextOfItsStrokes() throws {
        let folder = TestFolder()
        let pdf = folder.path("foreign.pdf")
        func ink(_ list: String, contents: String) -> TestPDF.Object {
            .text("<< /Type /Annot /Subtype /Ink /Rect [0 0 200 300] /F 4 /C [0 0 1] /InkList \(list) \(contents) >>")
        }
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [4 0 R 5 0 R 6 0 R 7 0 R] >>"),
            // Two strokes reading a word written in UTF-16 with a line break; one without; one with only spaces.
            ink("[[10 10 40 20] [50 10 80 20]]", contents: "/Contents <FEFF0046006100000020000A0074007500200067>"),
            ink("[[10 100 40 120]]", contents: ""),
            ink("[[10 200 40 220]]", contents: "/Contents (   )"),
            ink("[[100 200 140 220]]", contents: "/Contents (Stra\\337e)"),
        ], to: pdf)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(pdf)
        let layer = try #require(layers.first, "\(notes)")
        #expect(layer.strokes.count == 5)
        #expect(layer.recognisedText.map(\.text) == ["Fa tu g", "Straße"], "\(notes)")
        #expect(layer.recognisedText.map(\.strokes) == [[0, 1], [4]])
        #expect(layer.recognisedText.allSatisfy { $0.source == "pdf" })
    }

    @Test func exportedAsAnnotationsTheTextComesBackAsItWas() async throws {
        let folder = TestFolder()
        var layer = AnnotationExportTests.layers(pageCount: 1)[0]
        layer.setRecognisedText([
            RecognisedText(text: "ink", strokes: [2, 0], lang: "en", source: "vision", confidence: 0.9, alternatives: ["inks"]),
            RecognisedText(text: "黄色", strokes: [1], lang: "ja"),
            RecognisedText(text: "x", strokes: [3], box: RecognisedText.Box(x: 1, y: 2, width: 3, height: 4)),
        ])
        let (pdf, ink) = try AnnotationExportTests.write([TestPage(width: 300, height: 400)], layers: [layer], in: folder)
        let output = folder.path("annotated.pdf")
        var options = ExportOptions(writeSidecar: false)
        options.inkAs = .annotations
        _ = try await exportChecked(pdf: pdf, ink: ink, output: output, options: options)
        let (back, _, notes) = try PDFAnnotationReadTests.readLayers(output)
        #expect(back.count == 1, "\(notes)")
        #expect(back.first?.recognisedText == layer.recognisedText, "\(notes)")
        #expect(try back.first?.encodedLine() == layer.encodedLine())

        // A viewer deleted the annotation of stroke 0 (the first): "ink" keeps stroke 2, now stroke 1.
        let edited = folder.path("edited.pdf")
        try FileManager.default.copyItem(atPath: output, toPath: edited)
        try editPDF(edited) { document in
            let page = document.page(1)
            let annotations = page["/Annots"]!
            page.set("/Annots", document.newArray((1..<annotations.count).map { annotations[$0] }))
        }
        let (after, _, _) = try PDFAnnotationReadTests.readLayers(edited)
        let text = try #require(after.first).recognisedText
        #expect(text.map(\.text) == ["ink", "黄色", "x"])
        #expect(text.map(\.strokes) == [[1], [0], [2]])
    }
}
