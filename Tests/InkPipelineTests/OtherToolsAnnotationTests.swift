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
        #expect(report.summary.contains { $0.contains("1 Squiggly (an appearance every viewer draws)") }, "\(report.summary)")
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

    /// Links over text: one as pdf.js's `quadpoints.pdf` has it (`/BS /W 1`, `/Border [0 0 1]`, `/H /I`, two lines of
    /// `/QuadPoints`) with a colour and the Print flag, a dashed one (unless not `dashed`), an underlined one, and
    /// hyperref's box (`/Border [0 0 1] /C [1 0 0]`, no Print flag: shown on screen, not printed).
    static func links(at path: String, dashed: Bool = true) throws {
        var pdf = OtherToolsAnnotationPDF(width: 400, height: 300)
        typealias Quad = OtherToolsAnnotationPDF.Quad
        pdf.link(quads: [Quad(x0: 180, x1: 360, bottom: 246, height: 16), Quad(x0: 40, x1: 120, bottom: 228, height: 16)],
                 border: "/F 4 /C [0 0 1] /BS << /S /S /Type /Border /W 1 >> /Border [0 0 1]")
        if dashed { pdf.link(quads: [Quad(x0: 40, x1: 360, bottom: 180, height: 16)], border: "/F 4 /C [1 0 0] /BS << /W 2 /S /D /D [4 2] >>") }
        pdf.link(quads: [Quad(x0: 40, x1: 360, bottom: 130, height: 16)], border: "/F 4 /C [0 0.6 0] /BS << /W 1.5 /S /U >>")
        pdf.link(quads: [Quad(x0: 40, x1: 360, bottom: 80, height: 16)], border: "/C [1 0 0] /Border [0 0 1]")
        try pdf.write(to: path)
    }

    /// An empty ink-layers file, to flatten a PDF as it is.
    static func noInk(in folder: TestFolder) throws -> String {
        let path = folder.path("none.ink.jsonl")
        try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// poppler draws a link's border on screen (`pdftoppm`) and, when it has the Print flag, printing
    /// (`pdftocairo -pdf`): flatten draws the same, the printed ones by default, those shown with
    /// `--annotations screen`. (MuPDF and PDFium draw no link border at all: no second engine to ask.)
    /// On screen the dashed border is left out: poppler starts its dashes at the lower left corner there,
    /// cairo (`pdftocairo` printing, and flatten's output alike) at the upper left, writing a rectangle as `re`.
    @Test(arguments: [AnnotationVisibility.print, .screen])
    func visibleLinkBordersAreDrawnAsPopplerDrawsThem(visibility: AnnotationVisibility) async throws {
        let folder = TestFolder()
        let pdf = folder.path("links.pdf")
        try Self.links(at: pdf, dashed: visibility == .print)
        let (flattened, _) = try await Self.flattened(pdf, ink: try Self.noInk(in: folder), visibility: visibility, in: folder)
        var reference = pdf
        if visibility == .print {
            reference = folder.path("printed.pdf")
            try await OutsideTool("pdftocairo").run(["-pdf", pdf, reference])
        }
        let drawn = try await ReferenceReaders.render(pdf: reference, engine: .poppler, dpi: Self.dpi, to: folder.path("poppler.pgm"))
        let agreement = try await ReferenceReaders.inkAgreement(flattened, drawn)
        #expect(agreement.aInB >= 0.97, "\(visibility.rawValue): flatten's borders found in poppler's: \(agreement.aInB)")
        #expect(agreement.bInA >= 0.97, "\(visibility.rawValue): poppler's borders found in flatten's: \(agreement.bInA)")
        // hyperref's box (80–96 pt up) shows on screen only; the underlined link has no top edge.
        let hyperref = try Self.weight(flattened, x: 60...340, y: 78...98, pageHeight: 300)
        #expect(visibility == .print ? hyperref == 0 : hyperref > 1, "\(visibility.rawValue): hyperref's box: \(hyperref)")
        #expect(try Self.weight(flattened, x: 60...340, y: 140...148, pageHeight: 300) == 0, "the underlined link's top is not drawn")
    }

    /// pdf.js's `quadpoints.pdf` link has a border width but no colour: poppler draws it black, pdf.js, MuPDF and
    /// PDFium draw nothing, nor does flatten (the majority), whatever its flags.
    @Test func aLinkWithoutAColourHasNoBorder() async throws {
        let folder = TestFolder()
        let pdf = folder.path("uncoloured.pdf")
        var document = OtherToolsAnnotationPDF(width: 400, height: 300)
        let quads = [OtherToolsAnnotationPDF.Quad(x0: 180, x1: 360, bottom: 246, height: 16), .init(x0: 40, x1: 120, bottom: 228, height: 16)]
        document.link(quads: quads, border: "/BS << /S /S /Type /Border /W 1 >> /Border [0 0 1]")
        document.link(quads: quads.map { var q = $0; q.bottom -= 100; return q }, border: "/F 4 /BS << /S /S /Type /Border /W 1 >> /Border [0 0 1]")
        try document.write(to: pdf)
        let (flattened, _) = try await Self.flattened(pdf, ink: try Self.noInk(in: folder), visibility: .screen, in: folder)
        #expect(try Self.weight(flattened, x: 0...400, y: 0...300, pageHeight: 300) == 0, "flatten draws no border")
        for engine in [ReferenceReaders.Engine.mupdf, .pdfium] {
            let drawn = try await ReferenceReaders.render(pdf: pdf, engine: engine, dpi: Self.dpi, to: folder.path("\(engine.rawValue).pgm"))
            #expect(try Self.weight(drawn, x: 0...400, y: 0...300, pageHeight: 300) == 0, "\(engine) draws no border")
        }
        let poppler = try await ReferenceReaders.render(pdf: pdf, engine: .poppler, dpi: Self.dpi, to: folder.path("poppler.pgm"))
        #expect(try Self.weight(poppler, x: 0...400, y: 0...300, pageHeight: 300) > 0, "poppler, alone, draws them black")
    }

    /// A dash pattern is work per dash: a link round a large page dashed every tenth of a point would have every
    /// viewer of the output draw 120,000 dashes (cairo approximates only dashes under its tolerance), so it is drawn solid.
    @Test func aLinkBorderOfTooManyDashesIsDrawnSolid() async throws {
        let folder = TestFolder()
        let pdf = folder.path("dashes.pdf")
        var document = OtherToolsAnnotationPDF(width: 3000, height: 3000)
        document.link(quads: [.init(x0: 0, x1: 3000, bottom: 0, height: 3000)], border: "/F 4 /C [1 0 0] /BS << /W 1 /S /D /D [0.1] >>")
        document.link(quads: [.init(x0: 40, x1: 360, bottom: 130, height: 16)], border: "/F 4 /C [0 0 1] /BS << /W 1 /S /D /D [3 2] >>")
        try document.write(to: pdf)
        let output = folder.path("flat.pdf")
        try await flattenChecked(pdf: pdf, ink: try Self.noInk(in: folder), output: output, options: FlattenOptions(writeSidecar: false))
        let expanded = folder.path("expanded.pdf")
        try await runQPDF(["--qdf", "--object-streams=disable", output, expanded])
        let content = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
        let (ordinary, red, tiny) = (content.contains("[ 3 2] 0 d"), content.contains("1 0 0 RG"), content.contains("[ 0.1 0.1] 0 d"))
        #expect(ordinary, "an ordinary dash pattern is kept")
        #expect(red, "the border of too many dashes is drawn")
        #expect(!tiny, "solid: its pattern is not written")
    }
}
