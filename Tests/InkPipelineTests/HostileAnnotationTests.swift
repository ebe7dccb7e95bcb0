import Foundation
import InkFixtures
import InkModel
import InkPDFContent
@testable import InkPipeline
import Testing

/// Annotations written to hurt (issue 40): numbers at the edge of what a double holds, names
/// that smuggle a time no date can carry, stored strokes shared to multiply work, floods of
/// warnings, page trees with holes. Each file is written by the test.
@Suite struct HostileAnnotationTests {
    /// A one-page PDF (200 × 300) whose page lists `annotations` (objects 4, 5, …), then `extra` objects.
    static func pdf(_ annotations: [String], extra: [TestPDF.Object] = [], at path: String) throws {
        let references = (0..<annotations.count).map { "\($0 + 4) 0 R" }.joined(separator: " ")
        try TestPDF.write([
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Annots [\(references)] >>"),
        ] + annotations.map { .text($0) } + extra, to: path)
    }

    /// Squiggly `/QuadPoints` at ±1.7e308 (a file `qpdf --check` passes): an edge of infinite
    /// length made `Int(...)` trap. The quad is left out with a warning; a sane one beside it is read.
    @Test func quadPointsAtTheEdgeOfADoubleAreLeftOutNotTrapped() throws {
        let folder = TestFolder()
        let path = folder.path("squiggly.pdf")
        // PDF numbers have no exponent: 1.7e308 written out, as qpdf writes it.
        let big = "17" + String(repeating: "0", count: 307) + ".0", huge = "1" + String(repeating: "0", count: 300) + ".0"
        try Self.pdf([
            "<< /Type /Annot /Subtype /Squiggly /Rect [0 0 200 300] /F 4 /QuadPoints [-\(big) 20 \(big) 20 -\(big) 10 \(big) 10 10 40 60 40 10 30 60 30] >>",
            "<< /Type /Annot /Subtype /Underline /Rect [0 0 200 300] /F 4 /QuadPoints [\(huge) 20 -\(huge) 20 \(huge) 10 -\(huge) 10] >>",
            "<< /Type /Annot /Subtype /Square /Rect [-\(big) 0 \(big) 10] /F 4 >>",
            "<< /Type /Annot /Subtype /PolyLine /Rect [0 0 200 300] /F 4 /Vertices [10 10 \(big) \(big) 50 50] /BS << /S /D /D [2] >> >>",
        ], at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let strokes = layers.flatMap(\.strokes)
        #expect(notes.first?.hasPrefix("page 1: 1 PolyLine, 1 Squiggly → ") == true, "the sane quad and the polyline's sane points: \(notes)")
        #expect(!strokes.isEmpty)
        #expect(strokes.allSatisfy { $0.points.allSatisfy { InkRange.isCoordinate($0.x) && InkRange.isCoordinate($0.y) } })
        #expect(notes.contains { $0.contains("annotation 1 (Squiggly)") && $0.contains("1 /QuadPoints quadrilateral is not numbers or far off the page") },
                "\(notes)")
    }

    /// `inkpdf:created:1e300` in `/NM` of an annotation rebuilt from its standard keys was kept as
    /// the strokes' time, which `inkpdf check` and `flatten` then refuse: it is ignored, with a warning.
    @Test func aCreationTimeInTheNameOutsideInkRangeIsIgnored() throws {
        let folder = TestFolder()
        let path = folder.path("created.pdf")
        // Two /InkList entries against one stored stroke: rebuilt, the identity from /NM.
        try PDFAnnotationReadTests.ownAnnotationPDF(PDFAnnotationReadTests.ownLayer, inkList: [[10, 10, 50, 50], [60, 60, 90, 20]],
                                                    form: .packed, name: "inkpdf:created:1e300", at: path)
        let (layers, _, notes) = try PDFAnnotationReadTests.readLayers(path)
        let strokes = layers.flatMap(\.strokes)
        #expect(strokes.count == 2, "\(notes)")
        #expect(strokes.allSatisfy { InkRange.isTime($0.created) }, "\(strokes.map(\.created))")
        #expect(strokes.allSatisfy { $0.id == nil }, "the name is not an id: \(strokes.map(\.id))")
        #expect(notes.contains { $0.contains("creation time outside the years 1 … 9999") }, "\(notes)")
        for layer in layers { _ = try PageLayer(parsingLine: try layer.encodedLine(), file: "check") }
    }
}
