import Foundation
import InkFixtures
import InkModel
import InkPDFContentTestSupport
@testable import InkImport
@testable import InkPipeline
import Testing

/// A PDF flattened with its own annotations as ink looks as a viewer shows it: what a
/// stroke cannot carry (a fill, line endings, a caption) stays drawn as the annotation's
/// own appearance, an annotation drawn after another stays above it, and nothing an
/// annotation covered is revealed.
@Suite struct AnnotationsAsViewersShowThemTests {
    /// A 200 × 200 page with a black "barcode" (60,60)–(140,100) in its content, and `annotations`
    /// (dictionaries, with their appearance streams as objects 6 on).
    /// An appearance's form covers its annotation's `/Rect` exactly (`bbox`), so that it is drawn unscaled.
    static func page(annotations: [String], appearances: [(stream: String, bbox: String)], at path: String) throws {
        let content = Array("0 0 0 rg 60 100 80 40 re f".utf8)
        var objects: [TestPDF.Object] = [
            .text("<< /Type /Catalog /Pages 2 0 R >>"),
            .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
            .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [\((0..<annotations.count).map { "\(6 + appearances.count + $0) 0 R" }.joined(separator: " "))] >>"),
            .stream(content, dictionary: ""),
            .text("<< >>"),
        ]
        for appearance in appearances {
            objects.append(.stream(Array(appearance.stream.utf8), dictionary: "/Type /XObject /Subtype /Form /BBox [\(appearance.bbox)]"))
        }
        for annotation in annotations { objects.append(.text(annotation)) }
        try TestPDF.write(objects, to: path)
    }

    /// A white box with a black border over the barcode (an appearance as a viewer writes it: object 6).
    static let coverUp = "<< /Type /Annot /Subtype /Square /Rect [50 90 150 150] /F 4 /C [0 0 0] /IC [1 1 1] /BS << /W 1 >> /AP << /N 6 0 R >> >>"
    static let coverUpAppearance = (stream: "1 1 1 rg 0 0 0 RG 1 w 50.5 90.5 99 59 re B", bbox: "50 90 150 150")

    /// The strokes `convert` reads from page 1 of `pdf` (no page drawn under them), and the notes.
    func read(_ pdf: String, visibility: AnnotationVisibility = .print) throws -> (strokes: [Stroke], notes: [String]) {
        let read = try PDFAnnotationReader.read(pdf: pdf, password: nil, layersForm: .inkLayers, visibility: visibility)
        defer { unlink(read.layersPath) }
        return (try PageOrderedLayers(path: read.layersPath).layers(forPage: 1).flatMap(\.strokes), read.notes)
    }

    func flatten(_ pdf: String, in folder: TestFolder) async throws -> (output: String, notes: [String]) {
        let output = folder.path("flat.pdf")
        let report = try await flattenChecked(pdf: nil, ink: pdf, output: output)
        // What each page's annotations became is information (the summary), with the warnings.
        return (output, report.summary + report.warnings)
    }

    @Test func aFilledSquareStillCoversWhatItCovered() async throws {
        let folder = TestFolder()
        let pdf = folder.path("cover.pdf")
        try Self.page(annotations: [Self.coverUp], appearances: [Self.coverUpAppearance], at: pdf)
        // An ink line elsewhere, so that the PDF's annotations are ink at all.
        let (output, notes) = try await flatten(pdf, in: folder)
        let raster = try GreyRaster.poppler(output, page: 1, scale: 2)
        // The barcode's middle (100, 80 from the top) stays covered by the white fill; the border is drawn.
        #expect(raster[200, 160] > 250, "the barcode under the white box shows: \(raster[200, 160])")
        #expect(raster[100, 200] < 100, "the box's border is drawn")
        #expect(notes.contains { $0.contains("Square") && $0.contains("fill (/IC)") && $0.contains("own appearance") }, "\(notes)")
    }

    @Test func anAnnotationDrawnAfterInkStaysAboveIt() async throws {
        let folder = TestFolder()
        let pdf = folder.path("stacked.pdf")
        // A thick black ink line across the page (appearance object 6), then the white box (object 7) over its middle.
        let ink = "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 200] /F 4 /C [0 0 0] /BS << /W 6 >> /InkList [[10 120 190 120]] /AP << /N 6 0 R >> >>"
        let box = Self.coverUp.replacingOccurrences(of: "6 0 R", with: "7 0 R")
        try Self.page(annotations: [ink, box], appearances: [("0 0 0 RG 6 w 10 120 m 190 120 l S", "0 0 200 200"), Self.coverUpAppearance], at: pdf)
        let (output, notes) = try await flatten(pdf, in: folder)
        let raster = try GreyRaster.poppler(output, page: 1, scale: 2)
        // (100, 80) from the top: under the box, which a viewer draws over the line.
        #expect(raster[200, 160] > 250, "the ink line shows through the box drawn after it: \(raster[200, 160])")
        #expect(raster[30, 160] < 100, "the line is drawn beside the box")
        #expect(notes.contains { $0.contains("Ink") && $0.contains("drawn after it") }, "\(notes)")
        // `convert` has no page under the ink: the line is still read as a stroke.
        #expect(try read(pdf).strokes.count == 1, "the ink is still read where nothing is drawn under it")
    }

    @Test func lineEndingsAndCaptionsStayAsDrawnAndAreCounted() throws {
        let folder = TestFolder()
        let pdf = folder.path("lines.pdf")
        let arrow = "<< /Type /Annot /Subtype /Line /Rect [0 0 200 200] /F 4 /C [0 0 1] /L [20 20 180 20] /LE [/OpenArrow /ClosedArrow] >>"
        let measured = "<< /Type /Annot /Subtype /Line /Rect [0 0 200 200] /F 4 /C [0 0 1] /L [20 40 180 40] /Cap true /Contents (23 mm) /Measure << /Type /Measure >> >>"
        let plain = "<< /Type /Annot /Subtype /Line /Rect [0 0 200 200] /F 4 /C [0 0 1] /L [20 180 180 180] >>"
        try Self.page(annotations: [plain, arrow, measured], appearances: [], at: pdf)
        let read = try read(pdf)
        #expect(read.strokes.count == 1, "only the plain line becomes ink")
        #expect(read.notes.contains { $0.contains("line endings (/LE)") }, "\(read.notes)")
        #expect(read.notes.contains { $0.contains("measurement caption") }, "\(read.notes)")
    }

    /// Acrobat's "replace text": a StrikeOut over the words, then a Caret at their end, drawn after it
    /// with /Rects that overlap. The Caret hides nothing under it: the strike-out is ink in `flatten`
    /// as in `convert`, one count for both (issue 54, item 8), and both marks are drawn.
    @Test func aCaretOverAStrikeOutGivesTheSameStrokesInConvertAndFlatten() async throws {
        let folder = TestFolder()
        let pdf = folder.path("caret.pdf")
        let inks = [20.0, 40, 160].map { y in
            "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 200] /F 4 /C [0 0 0] /BS << /W 2 >> /InkList [[10 \(y) 190 \(y)]] >>"
        }
        let strike = "<< /Type /Annot /Subtype /StrikeOut /Rect [18 96 100 114] /F 4 /C [1 0 0] /QuadPoints [20 112 98 112 20 98 98 98] >>"
        let caret = "<< /Type /Annot /Subtype /Caret /Rect [94 90 106 106] /F 4 /C [0 0 1] /Sy /None /Contents (new words) /AP << /N 6 0 R >> >>"
        try Self.page(annotations: inks + [strike, caret], appearances: [("0 0 1 rg 94 90 m 100 106 l 106 90 l f", "94 90 106 106")], at: pdf)
        let converted = try read(pdf)
        #expect(converted.strokes.count == 4, "\(converted.notes)")
        #expect(converted.notes.contains { $0.contains("1 StrikeOut → 4 strokes") }, "\(converted.notes)")
        let (output, notes) = try await flatten(pdf, in: folder)
        #expect(notes.contains { $0.contains("1 StrikeOut → 4 strokes") }, "flatten counts as convert does: \(notes)")
        #expect(!notes.contains { $0.contains("StrikeOut (under an annotation") }, "\(notes)")
        let raster = try GreyRaster.poppler(output, page: 1, scale: 2)
        // The strike-out's line across the words (50, 105) and the caret's middle (100, 95), from the bottom.
        #expect(raster[100, 190] < 200, "the strike-out is drawn: \(raster[100, 190])")
        #expect(raster[200, 210] < 200, "the caret is drawn: \(raster[200, 210])")
    }

    /// Underline, strike-out and squiggly lines are as heavy as viewers draw them: poppler
    /// (and PDFium) draw them 1 pt whatever the border width says, so a `/BS /W 3` that used
    /// to make a 3 pt line makes none heavier than poppler's own drawing of the annotation.
    @Test(arguments: ["Underline", "StrikeOut", "Squiggly"])
    func markupLinesWeighWhatViewersDraw(subtype: String) async throws {
        let folder = TestFolder()
        let pdf = folder.path("markup.pdf")
        let markup = "<< /Type /Annot /Subtype /\(subtype) /Rect [20 100 180 112] /F 4 /C [0 0 1] /BS << /W 3 >> /QuadPoints [20 112 180 112 20 100 180 100] >>"
        try Self.page(annotations: [markup], appearances: [], at: pdf)
        let (output, _) = try await flatten(pdf, in: folder)
        // Measured left of the barcode (x 10–55 pt), where only the markup's line is.
        let drawn = try GreyRaster.poppler(output, page: 1, scale: 2)
        let reference = try GreyRaster.poppler(pdf, page: 1, scale: 2)
        func lineWeight(_ raster: GreyRaster) -> Double {
            // Blue ink shows as grey about 29 (luma of pure blue); the barcode is 0: count only the ink's greys.
            stride(from: 20, to: 110, by: 2).map { x in
                Double((0..<raster.height).filter { y in raster[x, y] > 10 && raster[x, y] < 200 }.count)
            }.max()! / 2
        }
        let weight = lineWeight(drawn), expected = lineWeight(reference)
        #expect(expected > 0.5, "poppler draws the \(subtype)")
        #expect(weight <= expected * 1.3 + 0.5, "\(subtype): \(weight) pt of ink across the line against poppler's \(expected) pt")
    }

    /// `--annotations print|screen|all` chooses by flags as `qpdf --flatten-annotations` does: a
    /// highlight without the Print flag (as Zotero writes every one) is read on screen, a hidden
    /// one only with all; what is left out is counted in one line that says why.
    @Test func whichAnnotationsAreReadFollowsTheirFlags() async throws {
        let folder = TestFolder()
        let pdf = folder.path("flags.pdf")
        let printed = "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 200] /F 4 /C [0 0 0] /InkList [[10 20 190 20]] >>"
        let onScreen = "<< /Type /Annot /Subtype /Highlight /Rect [20 150 180 162] /C [1 1 0] /QuadPoints [20 162 180 162 20 150 180 150] >>"
        let hidden = "<< /Type /Annot /Subtype /Ink /Rect [0 0 200 200] /F 6 /C [1 0 0] /InkList [[10 40 190 40]] >>"
        try Self.page(annotations: [printed, onScreen, hidden], appearances: [], at: pdf)
        for (visibility, expected) in [(AnnotationVisibility.print, 1), (.screen, 2), (.all, 3)] {
            let read = try read(pdf, visibility: visibility)
            #expect(read.strokes.count == expected, "--annotations \(visibility.rawValue): \(read.notes)")
            let skipped = 3 - expected
            if skipped > 0 {
                #expect(read.notes.contains { $0.contains("\(skipped) annotation") && $0.contains("skipped") && $0.contains("--annotations") },
                        "\(visibility.rawValue): \(read.notes)")
            }
        }
        // Through flatten: the screen highlight is drawn (yellow multiplied on white: not white).
        var options = FlattenOptions()
        options.annotations = .screen
        let output = folder.path("screen.pdf")
        try await flattenChecked(pdf: nil, ink: pdf, output: output, options: options)
        let raster = try GreyRaster.poppler(output, page: 1, scale: 2)
        #expect(raster[200, 88] < 250, "the highlight without the Print flag is drawn with --annotations screen")
        let printOutput = folder.path("print.pdf")
        try await flattenChecked(pdf: nil, ink: pdf, output: printOutput)
        #expect(try GreyRaster.poppler(printOutput, page: 1, scale: 2)[200, 88] > 250, "and left out by default")
    }
}
