import Foundation
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// Every bad input gives its own error and exit code, and leaves nothing behind.
@Suite struct FlattenErrorTests {
    /// A folder with a 2-page PDF and valid ink for it.
    final class Fixture {
        let folder = TestFolder()
        let pdf: String
        let ink: String
        var output: String { folder.path("out/result.pdf") }

        init() throws {
            pdf = folder.path("doc.pdf")
            try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: [TestPage(), TestPage()])
            ink = folder.writeInk("doc.ink.jsonl", layers: [PageLayer(page: 2, strokes: [redStroke([(10, 10), (50, 10)])])])
        }

        /// Runs flatten and returns its error, checking that no output (or temporary) was left.
        func failure(pdf: String? = nil, ink: String? = nil, output: String? = nil,
                     options: FlattenOptions = FlattenOptions()) -> ExportError? {
            let before = folder.contents
            defer {
                #expect(!FileManager.default.fileExists(atPath: folder.path("out/result.pdf")), "no output written")
                #expect(!FileManager.default.fileExists(atPath: folder.path("out/result.ink.jsonl.gz")), "no sidecar written")
                let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: folder.path("out"))) ?? []
                #expect(leftovers.isEmpty, "no temporary files left: \(leftovers)")
                #expect(folder.contents == before || folder.contents == (before + ["out"]).sorted(), "inputs untouched")
            }
            do {
                _ = try Flattener.flatten(pdf: pdf ?? self.pdf, ink: ink ?? self.ink, output: output ?? self.output, options: options)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test func missingPDF() throws {
        let f = try Fixture()
        let missing = f.folder.path("nope.pdf")
        let error = f.failure(pdf: missing)
        #expect(error == .opening(.inputMissing(path: missing)))
        #expect(error?.caseName == "inputMissing")
        #expect(error?.description == "\(missing): no such file; check the path")
    }

    @Test func missingInk() throws {
        let f = try Fixture()
        let missing = f.folder.path("nope.ink.jsonl")
        let error = f.failure(ink: missing)
        #expect(error == .opening(.inputMissing(path: missing)))
        #expect(error?.caseName == "inputMissing")
    }

    @Test(arguments: [("empty", ""), ("text", "this is not a PDF\n"), ("truncated", "%PDF-1.5\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R")])
    func notAPDF(name: String, content: String) throws {
        let f = try Fixture()
        let bad = f.folder.write(content, to: "\(name).pdf")
        let error = f.failure(pdf: bad)
        guard case .opening(.damagedPDF(let path, _)) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(path == bad)
        #expect(error?.caseName == "damagedPDF")
        #expect(error?.description.hasPrefix("\(bad): not a PDF or damaged beyond repair (") == true)
    }

    @Test func encryptedWithoutPasswordAndWithAWrongOne() async throws {
        let f = try Fixture()
        let encrypted = f.folder.path("locked.pdf")
        try await runQPDF(["--encrypt", "sesame", "owner-pw", "256", "--", f.pdf, encrypted], allowingWarnings: false)
        let missing = f.failure(pdf: encrypted)
        #expect(missing == .opening(.passwordRequired(path: encrypted)))
        #expect(missing?.caseName == "passwordRequired")
        let wrong = f.failure(pdf: encrypted, options: FlattenOptions(password: "guess"))
        #expect(wrong == .opening(.wrongPassword(path: encrypted)))
        #expect(wrong?.caseName == "wrongPassword")
        // The right password, with the ink's recorded document checked against the encrypted file.
        _ = try Flattener.flatten(pdf: encrypted, ink: f.ink, output: f.output, options: FlattenOptions(password: "sesame"))
        #expect(FileManager.default.fileExists(atPath: f.output))
    }

    @Test func aes256PasswordInAnotherUnicodeComposition() async throws {
        let f = try Fixture()
        let encrypted = f.folder.path("nfc.pdf")
        try await runQPDF(["--encrypt", "caf\u{E9}", "o", "256", "--", f.pdf, encrypted], allowingWarnings: false)   // é precomposed
        // The same word typed with a combining accent (e + U+0301) still opens the file.
        _ = try Flattener.flatten(pdf: encrypted, ink: f.ink, output: f.output, options: FlattenOptions(password: "cafe\u{301}"))
        #expect(FileManager.default.fileExists(atPath: f.output))
    }

    @Test func latin1PasswordOfAnRC4File() async throws {
        let f = try Fixture()
        let encrypted = f.folder.path("rc4.pdf")
        // For RC4 (R3) qpdf stores the password in PDFDocEncoding, which poppler only accepts as Latin-1 bytes.
        try await runQPDF(["--allow-weak-crypto", "--encrypt", "garçon", "o", "128", "--use-aes=n", "--", f.pdf, encrypted], allowingWarnings: false)
        _ = try Flattener.flatten(pdf: encrypted, ink: f.ink, output: f.output, options: FlattenOptions(password: "garçon"))
        #expect(FileManager.default.fileExists(atPath: f.output))
    }

    @Test func inkForAPageThePDFDoesNotHave() throws {
        let f = try Fixture()
        let ink = f.folder.writeInk("far.ink.jsonl", layers: [
            PageLayer(page: 1, strokes: [redStroke([(1, 1), (2, 2)])]),
            PageLayer(page: 7, strokes: [redStroke([(1, 1), (2, 2)])]),
        ])
        let error = f.failure(ink: ink)
        #expect(error == .reading(.pageOutOfRange(inkFile: ink, line: 3, page: 7, pageCount: 2, pdf: f.pdf)))
        #expect(error?.caseName == "pageOutOfRange")
        #expect(error?.description == "\(ink):3: ink for page 7, but \(f.pdf) has 2 pages; is this the right PDF?")
    }

    @Test func inkMadeForAnotherPDF() throws {
        let f = try Fixture()
        let recorded = String(repeating: "ab", count: 32)
        let ink = f.folder.writeInk("other.ink.jsonl", header: InkLayersHeader(pdfPageCount: 2, pdfSHA256: recorded),
                                    layers: [PageLayer(page: 1, strokes: [redStroke([(1, 1), (2, 2)])])])
        let actual = try ExportError.sha256(ofFileAt: f.pdf)
        let error = f.failure(ink: ink)
        #expect(error == .reading(.documentMismatch(inkFile: ink, recorded: recorded, actual: actual, pdf: f.pdf)))
        #expect(error?.caseName == "documentMismatch")
        // The override draws anyway.
        _ = try Flattener.flatten(pdf: f.pdf, ink: ink, output: f.output, options: FlattenOptions(ignoreDocumentMismatch: true))
        #expect(FileManager.default.fileExists(atPath: f.output))
    }

    @Test func invalidInkIsLocated() throws {
        let f = try Fixture()
        let ink = f.folder.write("""
            {"format":"inkpdf-layers","version":1}
            {"page":1,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}]}
            {"page":2,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5],[1,2,0,-1,1,1,1,0,1.5]]}]}

            """, to: "bad.ink.jsonl")
        let error = f.failure(ink: ink)
        guard case .reading(.invalidInk(let inkError)) = error else { Issue.record("got \(String(describing: error))"); return }
        #expect(inkError.line == 3 && inkError.page == 2 && inkError.stroke == 1 && inkError.point == 2 && inkError.field == "w")
        #expect(error?.description.hasPrefix("\(ink):3: page 2, stroke 1, point 2: w ") == true)
        #expect(error?.caseName == "invalidInk")
    }

    @Test func unwritableOutput() throws {
        let f = try Fixture()
        let blocker = f.folder.write("a file, not a folder", to: "out")
        let target = (blocker as NSString).appendingPathComponent("result.pdf")
        do {
            _ = try Flattener.flatten(pdf: f.pdf, ink: f.ink, output: target)
            Issue.record("expected an error")
        } catch {
            guard case .writing(.cannotCreateOutput(let path, _)) = error else { Issue.record("got \(error)"); return }
            #expect(path == target)
            #expect(error.caseName == "cannotCreateOutput")
        }
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "a file, not a folder")
    }

    @Test func outputMayNotBeAnInput() throws {
        let f = try Fixture()
        let before = fileBytes(f.pdf)
        do {
            _ = try Flattener.flatten(pdf: f.pdf, ink: f.ink, output: f.pdf)
            Issue.record("expected an error")
        } catch {
            #expect(error == .writing(.outputIsInput(path: f.pdf)))
            #expect(error.caseName == "outputIsInput")
        }
        #expect(fileBytes(f.pdf) == before)
    }

    @Test func existingOutputSurvivesAFailure() throws {
        let f = try Fixture()
        try FileManager.default.createDirectory(atPath: f.folder.path("out"), withIntermediateDirectories: true)
        let previous = f.folder.write("previous result", to: "out/keep.pdf")
        let bad = f.folder.write("{\"format\":\"inkpdf-layers\",\"version\":2}\n", to: "new.ink.jsonl")
        #expect(throws: ExportError.self) { try Flattener.flatten(pdf: f.pdf, ink: bad, output: previous) }
        #expect(try String(contentsOfFile: previous, encoding: .utf8) == "previous result")
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.folder.path("out")) == ["keep.pdf"])
    }
}
