import Foundation
@testable import InkPipeline
import InkModel
import InkFixtures
import Testing
import LibQPDF

/// `export --ink-as annotations` judged by other readers: poppler, MuPDF and
/// PDFium draw the annotations as inkpdf's own flatten draws the same ink (on
/// rotated, cropped and moved-origin pages, every ink type), and so does
/// qpdf's flattening of them; pyHanko finds a signature intact after them.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct AnnotationReaderTests {
    /// The course notes (every ink type; page 5 turned 90°, page 6 cropped), their
    /// last page's MediaBox moved off the origin; exported as annotations and flattened.
    final class Exported: Sendable {
        /// A folder kept until the process ends (the suite's tests share it).
        let folder = Folder(path: TestFolder.lastingPath())
        let pdf: String, annotations: String, flattened: String, flattenedBare: String, pageCount: Int

        struct Folder: Sendable {
            var path: String
            func path(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
        }

        init() async throws {
            pdf = folder.path("notes.pdf")
            let ink = folder.path("notes.ink.jsonl")
            try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: ink))
            let pages = try QPDFDocument(path: pdf, password: nil).pageCount
            pageCount = pages
            try editPDF(pdf) { document in
                let page = document.page(pages)
                let box = page["/MediaBox"]!.items.compactMap(\.number)
                let moved = [box[0] + 40, box[1] + 60, box[2] + 40, box[3] + 60].map { document.newReal($0) }
                page.set("/MediaBox", document.newArray(moved))
            }
            annotations = folder.path("annotations.pdf")
            flattened = folder.path("flattened.pdf")
            // The ink records the PDF before its MediaBox moved.
            var options = ExportOptions(ignoreDocumentMismatch: true, writeSidecar: false)
            options.inkAs = .annotations
            _ = try await exportChecked(pdf: pdf, ink: ink, output: annotations, options: options)
            _ = try await flattenChecked(pdf: pdf, ink: ink, output: flattened,
                                   options: FlattenOptions(ignoreDocumentMismatch: true, writeSidecar: false))
            // Flatten redraws the page (cairo's copy of it): its ink is what differs from a flatten without strokes.
            flattenedBare = folder.path("flattened-bare.pdf")
            let none = folder.path("none.ink.jsonl")
            try Data("{\"format\":\"inkpdf-layers\",\"version\":1}\n".utf8).write(to: URL(fileURLWithPath: none))
            _ = try await flattenChecked(pdf: pdf, ink: none, output: flattenedBare, options: FlattenOptions(writeSidecar: false))
        }
    }

    /// Written once, by whichever test asks first.
    static let exported = Task<Result<Exported, any Error>, Never> {
        do { return .success(try await Exported()) } catch { return .failure(error) }
    }

    @Test(arguments: [ReferenceReaders.Engine.poppler, .mupdf, .pdfium, .qpdfFlatten])
    func everyEngineDrawsTheAnnotationsAsFlattenDrawsTheInk(engine: ReferenceReaders.Engine) async throws {
        let exported = try await Self.exported.value.get()
        for page in 1...exported.pageCount {
            // The reference: flatten's page drawn by poppler, against flatten's page without strokes.
            let reference = try await ReferenceReaders.render(pdf: exported.flattened, page: page, engine: .poppler, dpi: 100,
                                                        to: exported.folder.path("flattened-\(engine.rawValue)-\(page).png"))
            let original = try await ReferenceReaders.render(pdf: exported.flattenedBare, page: page, engine: .poppler, dpi: 100,
                                                       to: exported.folder.path("bare-\(engine.rawValue)-\(page).png"))
            // The engine's drawing of the annotations, against its own drawing of the page without them.
            let drawn = try await ReferenceReaders.render(pdf: exported.annotations, page: page, engine: engine, dpi: 100,
                                                    to: exported.folder.path("\(engine.rawValue)-\(page).png"))
            let bare = try await ReferenceReaders.render(pdf: exported.pdf, page: page, engine: engine == .qpdfFlatten ? .poppler : engine,
                                                   dpi: 100, to: exported.folder.path("\(engine.rawValue)-bare-\(page).png"))
            let agreement = try await ReferenceReaders.inkAgreement(reference, drawn, background: original, backgroundB: bare)
            guard !agreement.aInB.isNaN else { continue }   // a page without ink
            #expect(agreement.aInB >= 0.97, "page \(page): flatten's ink found in \(engine)'s drawing: \(agreement.aInB)")
            #expect(agreement.bInA >= 0.97, "page \(page): \(engine)'s ink found in flatten's: \(agreement.bInA)")
        }
    }

    /// What a viewer lists: one Ink annotation a stroke, each with its appearance, printable, named.
    @Test func muPDFListsOneInkAnnotationAStroke() async throws {
        let exported = try await Self.exported.value.get()
        let listed = try await ReferenceReaders.annotations(of: exported.annotations)
        let inkFile = exported.folder.path("notes.ink.jsonl")
        let strokes = try InkInputs.openInk(inkFile).inkedPages.reduce(0) { count, page in
            count + (try InkInputs.openInk(inkFile).layers(forPage: page)).reduce(0) { $0 + $1.strokes.count }
        }
        #expect(listed.count == strokes)
        #expect(listed.allSatisfy { $0["subtype"] as? String == "Ink" && $0["has_appearance"] as? Bool == true })
        #expect(Set(listed.compactMap { "\($0["page"] ?? "")|\($0["name"] ?? "")" }).count == listed.count, "/NM unique on each page")
        #expect(listed.allSatisfy { (($0["flags"] as? Int) ?? 0) & 4 != 0 }, "printable")
    }

    /// A signed PDF keeps its signature, and the change after it is annotations only;
    /// the content export of the same ink is a change to the page. pyHanko's standard
    /// policy has no rule for added annotations (it says OTHER for any, a viewer's too:
    /// `ReferenceReadersTests`), so the level is its analysis with the annotation rule of
    /// `scripts/signed_pdf.py`; the certification's own verdict (`docMDPAllows`) is pyHanko's.
    @Test func aSignatureStaysIntactAndTheChangeIsAnnotations() async throws {
        let exported = try await Self.exported.value.get()
        let signed = exported.folder.path("signed.pdf")
        try await ReferenceReaders.sign(exported.pdf, to: signed)
        let ink = exported.folder.path("notes.ink.jsonl")
        var options = ExportOptions(ignoreDocumentMismatch: true, writeSidecar: false)
        options.inkAs = .annotations
        let annotated = exported.folder.path("signed-annotations.pdf")
        _ = try await exportChecked(pdf: signed, ink: ink, output: annotated, options: options)
        let judged = try await ReferenceReaders.judgeSignature(annotated)
        #expect(judged.intact && judged.valid, "the signature over the original still verifies")
        #expect(judged.level == "ANNOTATIONS", "pyHanko: \(judged.level) \(judged.reason ?? "")")
        #expect(judged.docMDPAllows == true, "within what the certification allows")

        let content = exported.folder.path("signed-content.pdf")
        _ = try await exportChecked(pdf: signed, ink: ink, output: content, options: ExportOptions(ignoreDocumentMismatch: true, writeSidecar: false))
        let contentJudged = try await ReferenceReaders.judgeSignature(content)
        #expect(contentJudged.intact && contentJudged.level == "OTHER", "the content export changes the page: \(contentJudged.level)")
        #expect(contentJudged.docMDPAllows == false)
    }
}

/// A viewer's library edits the annotation export (pikepdf: one annotation deleted,
/// one moved whole), and `convert` gives back what the viewer left: every other
/// stroke bit for bit, the moved one at its new place with its pressure, the
/// deleted one gone; a three-way merge with the original ink keeps the edit.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct AnnotationEditTests {
    @Test func convertGivesBackWhatTheViewerLeft() async throws {
        let folder = TestFolder()
        let pdf = folder.path("page.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [FlattenTests.pages[1]])   // turned 90°
        let original = AnnotationExportTests.layers(pageCount: 1)[0].strokes
        let ink = folder.writeInk("page.ink.jsonl", layers: [PageLayer(page: 1, layer: "Notes", strokes: original)])
        let exported = folder.path("exported.pdf")
        var options = ExportOptions(writeSidecar: false)
        options.inkAs = .annotations
        _ = try await exportChecked(pdf: pdf, ink: ink, output: exported, options: options)

        // Delete the first annotation; move the second (the marker) 20 units right and 10 up, /InkList and /Rect.
        let program = """
        import sys, pikepdf
        pdf = pikepdf.open(sys.argv[1], allow_overwriting_input=True)
        annots = pdf.pages[0].obj.Annots
        del annots[0]
        moved = annots[0]
        moved.InkList = pikepdf.Array([pikepdf.Array([float(v) + (20 if i % 2 == 0 else 10) for i, v in enumerate(l)]) for l in moved.InkList])
        r = [float(v) for v in moved.Rect]
        moved.Rect = pikepdf.Array([r[0] + 20, r[1] + 10, r[2] + 20, r[3] + 10])
        del moved['/AP']
        pdf.save(sys.argv[1])
        """
        _ = try await ReferenceReaders.python(["-c", program, exported])

        let converted = folder.path("converted.ink.jsonl")
        _ = try Converter.convert(ink: exported, pdf: nil, output: converted)
        let layers = try InkInputs.openInk(converted).layers(forPage: 1)
        let strokes = layers.flatMap(\.strokes)
        try #require(strokes.count == 3, "the deleted stroke is gone: \(strokes.count)")
        #expect(Array(strokes[1...]) == Array(original[2...]), "the untouched strokes, bit for bit")
        // On a page turned 90°, 20 units right and 10 up in user space is 10 right and 20 down in the ink's frame.
        let marker = original[1], moved = strokes[0]
        #expect(moved.ink == marker.ink && moved.created == marker.created, "the moved stroke keeps its ink and identity")
        #expect(moved.points.count == marker.points.count)
        for (before, after) in zip(marker.points, moved.points) {
            #expect(abs(after.x - before.x - 10) < 1e-6 && abs(after.y - before.y - 20) < 1e-6, "moved whole: \(after.x), \(after.y)")
            #expect(after.force == before.force && after.w == before.w, "pressure and size kept")
        }

        // Three-way: the original is the base and the tablet's side; the viewer's edit wins.
        let merged = folder.path("merged.ink.jsonl")
        let writer = try InkLayersWriter(path: merged, compressionLevel: nil)
        _ = try InkMerge.merge(base: ink, local: converted, remote: ink, to: writer)
        try writer.close()
        #expect(try InkInputs.openInk(merged).layers(forPage: 1).flatMap(\.strokes) == strokes)
    }
}
