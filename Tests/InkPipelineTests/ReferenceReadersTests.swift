import Foundation
import InkFixtures
import Testing

/// The independent readers the annotation tests judge inkpdf by must themselves
/// tell right from wrong: engines agree on the same ink, a page without its
/// annotations does not pass for one with them, and pyHanko tells an added
/// annotation from a changed page.
@Suite(.enabled(Comment(rawValue: ReferenceReaders.missing)) { await ReferenceReaders.isAvailable })
struct ReferenceReadersTests {
    static let inks = SharedCorpus.path("pdfs-annotated/pdfjs-inks.pdf")

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)),
          arguments: [ReferenceReaders.Engine.mupdf, .pdfium, .qpdfFlatten])
    func enginesAgreeOnTheSameAnnotations(engine: ReferenceReaders.Engine) async throws {
        let poppler = try await ReferenceReaders.render(pdf: Self.inks, engine: .poppler)
        let popplerPage = try await ReferenceReaders.render(pdf: Self.inks, engine: .poppler, annotations: false)
        let other = try await ReferenceReaders.render(pdf: Self.inks, engine: engine)
        // qpdf's flattening draws the page with poppler too; MuPDF and PDFium draw their own page.
        let otherPage = try await ReferenceReaders.render(pdf: Self.inks, engine: engine == .qpdfFlatten ? .poppler : engine,
                                                    annotations: false)
        let agreement = try await ReferenceReaders.inkAgreement(poppler, other, background: popplerPage, backgroundB: otherPage)
        #expect(agreement.aInB >= 0.97, "poppler's ink found in \(engine)'s: \(agreement.aInB)")
        #expect(agreement.bInA >= 0.97, "\(engine)'s ink found in poppler's: \(agreement.bInA)")
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)))
    func aPageWithoutItsAnnotationsDoesNotPass() async throws {
        let with = try await ReferenceReaders.render(pdf: Self.inks, engine: .poppler)
        let without = try await ReferenceReaders.render(pdf: Self.inks, engine: .poppler, annotations: false)
        let agreement = try await ReferenceReaders.inkAgreement(with, without)
        #expect(agreement.aInB < 0.5, "the ink of the annotations found on the bare page: \(agreement.aInB)")
        #expect(agreement.bInA >= 0.97, "the page's own text is in both: \(agreement.bInA)")
    }

    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)))
    func annotationsAreListedAsMuPDFReadsThem() async throws {
        let annotations = try await ReferenceReaders.annotations(of: Self.inks)
        #expect(annotations.count == 15)
        #expect(annotations.allSatisfy { $0["subtype"] as? String == "Ink" && $0["has_appearance"] as? Bool == true })
        let strokes = annotations.compactMap { $0["vertices"] as? [[[Double]]] }
        #expect(strokes.count == 15 && strokes.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.count >= 2 } })
    }

    @Test func pyHankoTellsAnAddedAnnotationFromAChangedPage() async throws {
        try await TestFolder.with { folder in
            let source = SharedCorpus.repository.appendingPathComponent("SamplePDFs/course-notes.pdf").path
            let signed = folder.path("signed.pdf")
            try await ReferenceReaders.sign(source, to: signed)
            let untouched = try await ReferenceReaders.judgeSignature(signed)
            #expect(untouched.intact && untouched.valid && untouched.level == "NONE", "\(untouched)")

            let annotated = folder.path("annotated.pdf")
            try FileManager.default.copyItem(atPath: signed, toPath: annotated)
            try await ReferenceReaders.editWithMuPDF(annotated, "doc[0].add_ink_annot([[(100, 100), (150, 130), (200, 110)]]).update()")
            let annotation = try await ReferenceReaders.judgeSignature(annotated)
            #expect(annotation.intact && annotation.valid, "\(annotation)")
            #expect(annotation.level == "ANNOTATIONS" && annotation.docMDPAllows == true, "\(annotation)")

            let changed = folder.path("changed.pdf")
            try FileManager.default.copyItem(atPath: signed, toPath: changed)
            try await ReferenceReaders.editWithMuPDF(changed, "doc[0].insert_text((72, 72), 'changed')")
            let change = try await ReferenceReaders.judgeSignature(changed)
            #expect(change.intact && change.valid, "\(change)")
            #expect(change.level == "OTHER" && change.docMDPAllows == false, "\(change)")
        }
    }
}
