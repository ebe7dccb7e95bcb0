import Foundation
import InkCLI
import InkFixtures
import InkModel
import Testing

/// `convert`, `flatten` and `inspect` with a PDF's annotations as the ink.
@Suite(.enabled(if: SharedCorpus.isAvailable, "needs the shared corpus"))
struct PDFAnnotationCommandTests {
    static let annotated = SharedCorpus.path("pdfs-annotated/pdfjs-tracemonkey_with_annotations.pdf")

    func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    @Test func convertReportsWhatItReadAndWhatItLeft() throws {
        let folder = TestFolder()
        let output = folder.path("notes.ink.jsonl")
        let result = run(["convert", Self.annotated, "-o", output])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("2 strokes, from pdf"), "\(result.out)")
        #expect(result.out.contains("page 1: 1 Highlight, 1 Ink → 2 strokes; 1 FreeText, 1 Stamp annotations left as they are (not ink)"),
                "\(result.out)")
        let layers = try PageOrderedLayers(path: output)
        #expect(layers.inkedPages == [1])
        #expect(try layers.layers(forPage: 1).flatMap(\.strokes).map(\.ink.type) == [.pen, .marker])
        // Told by --ink-format too, and a PDF's annotations flatten over the PDF they came from.
        #expect(run(["convert", Self.annotated, "--ink-format", "pdf", "-o", folder.path("again.ink.jsonl"), "-q"]).code == 0)
        #expect(run(["flatten", Self.annotated, "--ink", output, "-o", folder.path("over.pdf"), "-q", "--no-sidecar"]).code == 0)
    }

    @Test func flattenAPDFAloneWritesItsAnnotationsAsTheSidecar() throws {
        let folder = TestFolder()
        let output = folder.path("flat.pdf")
        let result = run(["flatten", Self.annotated, "-o", output, "-q"])
        #expect(result.code == 0, "\(result.err)")
        let sidecar = try PageOrderedLayers(path: folder.path("flat.ink.jsonl.gz"))
        // The Ink annotation; its Highlight has an appearance of its own, which flatten draws as viewers do (not as ink).
        #expect(try sidecar.layers(forPage: 1).flatMap(\.strokes).map(\.ink.type) == [.pen])
        #expect(sidecar.header.pdfSHA256 != nil)
        let same = run(["flatten", Self.annotated, "--ink", Self.annotated, "-o", folder.path("flat2.pdf"), "-q", "--no-sidecar"])
        #expect(same.code == 0, "\(same.err)")
    }

    @Test func anUnknownInkFormatNamesPdf() {
        let result = run(["convert", Self.annotated, "--ink-format", "word", "-o", "/tmp/never.ink.jsonl"])
        #expect(result.code == 64)
        #expect(result.err.contains("ink-layers, xournal, remarkable, inkml, rnote or pdf"), "\(result.err)")
    }

    /// `--annotations all` reads the corpus's hidden printable /Ink (flags 6), which print and
    /// screen leave out with one line saying why; flatten passes it to its worker.
    @Test func annotationsAllReadsAHiddenAnnotation() throws {
        let folder = TestFolder()
        let hidden = SharedCorpus.path("pdfs-annotated/pdfjs-annotation_hidden_print.pdf")
        for (which, strokes) in [("print", 0), ("screen", 0), ("all", 1)] {
            let output = folder.path("\(which).ink.jsonl")
            let result = run(["convert", hidden, "--annotations", which, "-o", output])
            #expect(result.code == 0, "\(result.err)")
            #expect(result.out.contains("\(strokes) stroke"), "\(which): \(result.out)")
            if strokes == 0 { #expect(result.out.contains("1 annotation skipped: hidden"), "\(which): \(result.out)") }
        }
        let flat = run(["flatten", hidden, "--annotations", "all", "-o", folder.path("all.pdf"), "-q"])
        #expect(flat.code == 0, "\(flat.err)")
        #expect(try PageOrderedLayers(path: folder.path("all.ink.jsonl.gz")).layers(forPage: 1).flatMap(\.strokes).count == 1)
        let wrong = run(["flatten", hidden, "--annotations", "hidden", "-o", folder.path("never.pdf")])
        #expect(wrong.code == 64)
        #expect(wrong.err.contains("--annotations 'hidden' is not print, screen or all"), "\(wrong.err)")
    }
}
