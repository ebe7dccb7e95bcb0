import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// The ink of a document is made on several threads at once: what comes out
/// (bytes, counts, warnings, the error) is what one thread makes.
@Suite struct ParallelInkTests {
    static let pageCount = 40

    /// Ink on every page; pages 5, 9, 23 and 31 warn (unknown inks, a mask inkpdf cannot read).
    static var layers: [PageLayer] {
        (1...pageCount).map { page in
            var strokes = (0..<12).map { k in
                redStroke((0..<40).map { i in (Double(40 + 10 * k + i), 100 + 30 * sin(Double(i + page) / 5)) })
            }
            switch page {
            case 5, 23: strokes[3].ink = Ink(type: .unknown("glitterPen"), colorText: "#FF0000", color: RGBAColor(red: 1, green: 0, blue: 0))
            case 31: strokes[1].ink = Ink(type: .unknown("neon"), colorText: "#FF0000", color: RGBAColor(red: 1, green: 0, blue: 0))
            case 9: strokes[7].mask = "M 0 0 Q"
            default: break
            }
            return PageLayer(page: page, strokes: strokes)
        }
    }

    @Test func countsWarningsAndBytesAreThoseOfOneThread() async throws {
        let folder = TestFolder()
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(repeating: TestPage(), count: Self.pageCount))
        let ink = folder.writeInk("doc.ink.jsonl", layers: Self.layers.reversed())
        var single = FlattenOptions()
        single.singleThreaded = true
        let one = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("one/doc.pdf"), options: single)
        #expect(one.strokeCount == 12 * Self.pageCount)
        #expect(one.warnings.count == 3)
        #expect(one.warnings[0] == "ink type 'glitterPen' is newer than this inkpdf; drawn as pen", "named once, on its first page")
        #expect(one.warnings[1].hasPrefix("page 9, stroke 8: mask is not a path"))
        #expect(one.warnings[2] == "ink type 'neon' is newer than this inkpdf; drawn as pen")
        for run in 1...3 {
            let many = try await flattenChecked(pdf: pdf, ink: ink, output: folder.path("many-\(run)/doc.pdf"))
            #expect(many.strokeCount == one.strokeCount)
            #expect(many.warnings == one.warnings)
            #expect(fileBytes(folder.path("many-\(run)/doc.pdf")) == fileBytes(folder.path("one/doc.pdf")))
            let exported = try await exportChecked(pdf: pdf, ink: ink, output: folder.path("export-\(run)/doc.pdf"))
            #expect(exported.strokeCount == one.strokeCount)
            #expect(exported.warnings == one.warnings)
            if run > 1 {
                #expect(fileBytes(folder.path("export-\(run)/doc.pdf")) == fileBytes(folder.path("export-1/doc.pdf")))
            }
        }
    }

    /// A PDF of `pageCount` blank pages in `folder`, and an ink-layers file whose page N has
    /// `good(N)` valid strokes and then `bad(N)` strokes with a negative width.
    static func invalidInk(in folder: TestFolder, good: (Int) -> Int, bad: (Int) -> Int) throws -> (pdf: String, ink: String) {
        let pdf = folder.path("doc.pdf")
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(repeating: TestPage(), count: pageCount))
        let valid = ##"{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5],[9,2,0,1,1,1,1,0,1.5]]}"##
        let invalid = ##"{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5],[1,2,0,-1,1,1,1,0,1.5]]}"##
        let header = #"{"format":"inkpdf-layers","version":1}"#
        var lines = [header]
        for page in 1...pageCount {
            let strokes = Array(repeating: valid, count: good(page)) + Array(repeating: invalid, count: bad(page))
            lines.append(#"{"page":\#(page),"strokes":[\#(strokes.joined(separator: ","))]}"#)
        }
        return (pdf, folder.write(lines.joined(separator: "\n") + "\n", to: "bad.ink.jsonl"))
    }

    /// Two pages are invalid; whichever thread meets one first, the error names the earlier page.
    @Test func theErrorIsTheFirstInvalidPagesWhicheverThreadFindsIt() throws {
        let folder = TestFolder()
        let (pdf, ink) = try Self.invalidInk(in: folder, good: { _ in 30 }, bad: { $0 == 17 || $0 == 18 ? 1 : 0 })
        for run in 1...4 {
            do {
                if run % 2 == 0 {
                    _ = try Exporter.export(pdf: pdf, ink: ink, output: folder.path("out/e.pdf"))
                } else {
                    _ = try Flattener.flatten(pdf: pdf, ink: ink, output: folder.path("out/f.pdf"))
                }
                Issue.record("run \(run): no error")
            } catch {
                guard case .reading(.invalidInk(let inkError)) = error else { Issue.record("run \(run): got \(error)"); continue }
                #expect(inkError.page == 17 && inkError.line == 18 && inkError.stroke == 31, "run \(run)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/e.pdf")))
            #expect(!FileManager.default.fileExists(atPath: folder.path("out/f.pdf")))
        }
    }

    /// One slow invalid page while the other threads race ahead with quick ones: the threads
    /// waiting to hand over pages past it must stop, not wait for a drawing side that stopped at it.
    @Test func aSlowFailingPageStopsThreadsWaitingWithLaterPages() async throws {
        let folder = TestFolder()
        // Page 5 takes long to read and fails only at its end; the others are one stroke.
        let (pdf, ink) = try Self.invalidInk(in: folder, good: { $0 == 5 ? 20_000 : 1 }, bad: { $0 == 5 ? 1 : 0 })
        for run in 1...3 {
            final class Outcome: @unchecked Sendable { var error: ExportError? }
            let outcome = Outcome()
            let done = Signal()
            let output = folder.path("out/\(run).pdf")
            Thread.detachNewThread {
                do throws(ExportError) { _ = try Exporter.export(pdf: pdf, ink: ink, output: output) } catch { outcome.error = error }
                done.signal()
            }
            guard await done.wait(within: 60) else {
                Issue.record("run \(run): export did not end within 60 s")
                return
            }
            guard case .reading(.invalidInk(let inkError))? = outcome.error else { Issue.record("run \(run): got \(String(describing: outcome.error))"); continue }
            #expect(inkError.page == 5 && inkError.stroke == 20_001, "run \(run)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}
