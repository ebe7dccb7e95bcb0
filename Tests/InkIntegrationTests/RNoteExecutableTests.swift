import Foundation
import InkFixtures
import Testing

/// The built `inkpdf` flattening each rnote notebook of the corpus (read in place): the run ends
/// well, the sidecar is the notebook byte for byte, and the pages poppler renders show the ink
/// in the colour rnote stored (white pens on the dark lecture notes, the orange pen over the PDF).
@Suite(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)))
struct RNoteExecutableTests {
    struct Notebook: Sendable, CustomTestStringConvertible {
        var name: String
        var pages: Int
        /// Page rendered at 72 dpi and the least number of its pixels in the ink's colour.
        var page: Int
        var minimumInkPixels: Int
        var isInk: @Sendable (Int, Int, Int) -> Bool
        var testDescription: String { name }
    }

    static let notebooks: [Notebook] = [
        Notebook(name: "v0-5-5-test", pages: 6, page: 1, minimumInkPixels: 1500, isInk: { r, g, b in r > 200 && g > 200 && b > 200 }),
        Notebook(name: "lecture_note_1", pages: 1, page: 1, minimumInkPixels: 2000, isInk: { r, g, b in r > 200 && g > 200 && b > 200 }),
        Notebook(name: "pdf_annotation", pages: 3, page: 1, minimumInkPixels: 50, isInk: { r, g, b in r > 200 && g > 80 && g < 160 && b < 60 }),
    ]

    @Test(arguments: notebooks)
    func flattenDrawsTheInk(_ notebook: Notebook) async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"exportAnnotated":"free"}"#, to: "policy.json")
        let source = SharedCorpus.path("ink/rnote/\(notebook.name).rnote")
        let output = folder.path("\(notebook.name).pdf")
        let run = try await Run.of(["flatten", source, "-o", output],
                             environment: ProcessInfo.processInfo.environment.merging(["INKPDF_POLICY": policy]) { $1 })
        #expect(run.status == 0, "\(run.errors)")
        #expect(FileManager.default.contents(atPath: folder.path("\(notebook.name).rnote")) == FileManager.default.contents(atPath: source))
        let reader = try PopplerReader(path: output)
        #expect(reader.pageCount == notebook.pages)
        let raster = reader.render(page: notebook.page)
        var ink = 0
        for y in 0..<raster.height {
            for x in 0..<raster.width {
                let p = raster.pixel(x, y)
                if notebook.isInk(p.r, p.g, p.b) { ink += 1 }
            }
        }
        #expect(ink >= notebook.minimumInkPixels, "\(notebook.name) page \(notebook.page): \(ink) ink pixels")
    }

    @Test func anUnknownVersionIsOneLineAndExit65() async throws {
        let folder = TestFolder()
        let plain = folder.write(#"{"version":"0.13.2","data":{"engine_snapshot":{"stroke_components":[]}}}"#, to: "new.json")
        let notebook = folder.path("new.rnote")
        let gzip = try await Run.of(["-c", "gzip -c \"$0\" > \"$1\"", plain, notebook], tool: OutsideTool.sh.url)
        #expect(gzip.status == 0)
        let run = try await Run.of(["convert", notebook, "-o", folder.path("new.ink.jsonl")])
        #expect(run.status == 65)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("rnote file version 0.13.2 is not one inkpdf reads (known: 0.5.x–0.12.x)") == true, "\(run.errors)")
        #expect(lines.first?.contains(notebook) == true)
    }
}
