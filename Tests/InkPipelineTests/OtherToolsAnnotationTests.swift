import Foundation
import InkFixtures
import InkModel
@testable import InkImport
@testable import InkPipeline
import Testing

/// PDFs annotated by other tools, generated with the structure of the real files
/// (`OtherToolsAnnotationPDF`), flattened and judged against what poppler, MuPDF and PDFium
/// draw of them (issue 54, items 2 and 4): measurement captions are drawn, text markup lines
/// are as heavy as and where Acrobat's appearances draw them, and links keep their visible borders.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct OtherToolsAnnotationTests {
    static let dpi = 144
    static let pixelsPerPoint = Double(dpi) / 72

    /// What a flatten of `pdf` looks like (poppler), and its report; `ink` over it when given, else its own annotations.
    static func flattened(_ pdf: String, ink: String? = nil, visibility: AnnotationVisibility = .print,
                          in folder: TestFolder) async throws -> (image: String, report: FlattenReport) {
        let output = folder.path("flat.pdf")
        var options = FlattenOptions(writeSidecar: false)
        options.annotations = visibility
        let report = try await flattenChecked(pdf: ink == nil ? nil : pdf, ink: ink ?? pdf, output: output, options: options)
        return (try await ReferenceReaders.render(pdf: output, engine: .poppler, dpi: dpi, to: folder.path("flat.pgm")), report)
    }

    /// The mean ink (pixels darker than 207 of 255) per pixel column of `image` in a band of the page,
    /// in points of default user space (y up) on a page `pageHeight` high: how heavy a line there is.
    static func weight(_ image: String, x: ClosedRange<Double>, y: ClosedRange<Double>, pageHeight: Double) throws -> Double {
        let grey = try PopplerRaster.pgm(image)
        let s = pixelsPerPoint
        let columns = Int(x.lowerBound * s)..<Int(x.upperBound * s)
        let rows = Int((pageHeight - y.upperBound) * s)..<Int((pageHeight - y.lowerBound) * s)
        let ink = columns.reduce(0) { total, column in total + rows.filter { grey.value(x: column, y: $0) < 207 }.count }
        return Double(ink) / Double(columns.count) / s
    }

    // MARK: Item 2: measurement captions

    /// A floor plan's measurements as Acrobat writes them, each with its value drawn in its appearance:
    /// a distance (Line, `/Cap true /CP /Inline`), an area on a Polygon, and a Square and a Circle with
    /// `/Measure`; then a plain ink line, which alone becomes a stroke.
    static func floorPlan(at path: String) throws {
        var pdf = OtherToolsAnnotationPDF(width: 400, height: 400)
        let font = pdf.helvetica()
        pdf.measurement("Line", rect: [40, 330, 360, 370], colour: "1 0 0",
                        keys: "/L [50 350 350 350] /Cap true /CP /Inline /IT /LineDimension",
                        outline: "50 350 m 170 350 l S 230 350 m 350 350 l S", value: "364.34 sq ft", caption: (176, 347), font: font)
        pdf.measurement("Polygon", rect: [40, 200, 200, 320], colour: "0 0 1", keys: "/Vertices [50 210 190 210 190 310 50 310] /IT /PolygonDimension",
                        outline: "50 210 m 190 210 l 190 310 l 50 310 l h S", value: "120.5 sq ft", caption: (92, 257), font: font)
        pdf.measurement("Square", rect: [220, 200, 380, 320], colour: "0 0.5 0", keys: "/BS << /W 1 >>",
                        outline: "220.5 200.5 159 119 re S", value: "42.0 sq ft", caption: (280, 257), font: font)
        pdf.measurement("Circle", rect: [40, 40, 200, 180], colour: "0.5 0 0.5", keys: "/BS << /W 1 >>",
                        outline: "120 40.5 m 164 40.5 199.5 72 199.5 110 c 199.5 148 164 179.5 120 179.5 c "
                            + "76 179.5 40.5 148 40.5 110 c 40.5 72 76 40.5 120 40.5 c S",
                        value: "31.4 sq ft", caption: (100, 107), font: font)
        pdf.annotate("<< /Type /Annot /Subtype /Ink /Rect [220 40 380 180] /F 4 /C [0 0 0] /InkList [[230 60 370 160]] >>")
        try pdf.write(to: path)
    }

    @Test(arguments: [ReferenceReaders.Engine.poppler, .mupdf, .pdfium])
    func measurementCaptionsAreDrawnAsEveryEngineDrawsThem(engine: ReferenceReaders.Engine) async throws {
        let folder = TestFolder()
        let pdf = folder.path("plan.pdf")
        try Self.floorPlan(at: pdf)
        let (flattened, report) = try await Self.flattened(pdf, in: folder)
        let drawn = try await ReferenceReaders.render(pdf: pdf, engine: engine, dpi: Self.dpi, to: folder.path("\(engine.rawValue).pgm"))
        let agreement = try await ReferenceReaders.inkAgreement(flattened, drawn)
        #expect(agreement.aInB >= 0.97, "flatten's ink found in \(engine)'s drawing of the plan: \(agreement.aInB)")
        #expect(agreement.bInA >= 0.97, "\(engine)'s ink (the captions too) found in flatten's: \(agreement.bInA)")
        // Each caption is there: the Square's and the Circle's values (converted, they were lost).
        for (x, y) in [(280.0...330.0, 255.0...265.0), (100.0...150.0, 105.0...115.0)] {
            let caption = try Self.weight(flattened, x: x, y: y, pageHeight: 400)
            #expect(caption > 0.5, "a caption at \(x), \(y) is drawn: \(caption)")
        }
        // And nothing twice: a measured shape is its appearance, not a stroke besides; only the ink line is ink.
        #expect(report.strokeCount == 1, "\(report.summary)")
        for subtype in ["Line", "Polygon", "Square", "Circle"] {
            #expect(report.summary.contains { $0.contains("1 \(subtype) (a measurement caption (/Measure)") }, "\(subtype): \(report.summary)")
        }
    }

    // MARK: Item 4: text markup line weights

    /// Acrobat's underline, squiggly and strike-out (pdf.js's `quadpoints.pdf`), each over a line of body text
    /// (16.068 pt quads, as there) and a heading (28 pt): the quads, by subtype.
    static let markup: [(subtype: String, quads: [OtherToolsAnnotationPDF.Quad])] = [
        ("Underline", [.init(x0: 60, x1: 240, bottom: 300, height: 16.068), .init(x0: 300, x1: 540, bottom: 294, height: 28)]),
        ("Squiggly", [.init(x0: 60, x1: 240, bottom: 200, height: 16.068), .init(x0: 300, x1: 540, bottom: 194, height: 28)]),
        ("StrikeOut", [.init(x0: 60, x1: 240, bottom: 100, height: 16.068), .init(x0: 300, x1: 540, bottom: 94, height: 28)]),
    ]

    static func textMarkup(at path: String) throws {
        var pdf = OtherToolsAnnotationPDF(width: 600, height: 400)
        pdf.ruledMarkup("Underline", quads: markup[0].quads, colour: "0 0 1", fraction: 1 / 7)
        pdf.squiggly(quads: markup[1].quads, colour: "1 0 0")
        pdf.ruledMarkup("StrikeOut", quads: markup[2].quads, colour: "1 0 0", fraction: 3 / 7)
        try pdf.write(to: path)
    }

    @Test(arguments: [ReferenceReaders.Engine.poppler, .mupdf, .pdfium])
    func markupLinesFollowTheQuadHeightAsAcrobatsAppearancesDo(engine: ReferenceReaders.Engine) async throws {
        let folder = TestFolder()
        let pdf = folder.path("markup.pdf")
        try Self.textMarkup(at: pdf)
        let (flattened, report) = try await Self.flattened(pdf, in: folder)
        // Each has an appearance, which every engine draws: flatten keeps it drawn as that (`PageAnnotations.markup`).
        #expect(report.strokeCount == 0, "\(report.summary)")
        #expect(report.summary.contains { $0.contains("1 Squiggly (its own appearance, which every viewer draws, kept)") }, "\(report.summary)")
        let drawn = try await ReferenceReaders.render(pdf: pdf, engine: engine, dpi: Self.dpi, to: folder.path("\(engine.rawValue).pgm"))
        let agreement = try await ReferenceReaders.inkAgreement(flattened, drawn)
        #expect(agreement.aInB >= 0.97, "flatten's lines found in \(engine)'s drawing of the appearances: \(agreement.aInB)")
        #expect(agreement.bInA >= 0.97, "\(engine)'s lines found in flatten's: \(agreement.bInA)")
        // No heavy line where a thin one belongs (a 1 pt squiggle where Acrobat's is a third of that), and no thin one
        // where a heavy one does: the ink across each quad's band, against the engine's.
        for (subtype, quads) in Self.markup {
            for quad in quads {
                let band = (x: (quad.x0 + 4)...(quad.x1 - 4), y: (quad.bottom - 2)...(quad.bottom + quad.height))
                let ours = try Self.weight(flattened, x: band.x, y: band.y, pageHeight: 400)
                let theirs = try Self.weight(drawn, x: band.x, y: band.y, pageHeight: 400)
                #expect(ours <= theirs * 1.25 + 0.25, "\(subtype), \(quad.height) pt quad: \(ours) pt of ink across against \(engine)'s \(theirs)")
                #expect(ours >= theirs * 0.75 - 0.25, "\(subtype), \(quad.height) pt quad: \(ours) pt of ink across against \(engine)'s \(theirs)")
            }
        }
    }
}
