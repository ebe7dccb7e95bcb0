import Foundation
import InkFixtures
import InkModel
import Testing

/// `batch --recognize` and `--recognize` over a PDF's own annotations, with the built inkpdf: the words are
/// the output's text at their ink, the gate and a missing model are told once, and an output's sidecar is
/// the cache of what was recognised.
@Suite struct RecognizeBatchTests {
    static let pro = #"{"handwritingSearch":"free","exportAnnotated":"free"}"#

    /// One word the samples write and where (scripts/handwriting_samples.py's truth).
    struct Word: Decodable {
        var page: Int
        var text: String
        var box: [Double]
        var strokes: [Int]
    }

    static func truth(_ ink: String) throws -> [Word] {
        let path = ink.replacingOccurrences(of: ".ink.jsonl", with: ".truth.json")
        return try JSONDecoder().decode([Word].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The words of `words` (all on `page` of the samples) that PyMuPDF's search finds on page `page` of
    /// `pdf` over their ink, and the page's text as pdftotext gives it.
    static func found(_ words: [Word], in pdf: String, page: Int = 1) async throws -> (atTheirInk: [String], poppler: String) {
        let data = try await ReferenceReaders.script("text_layer.py", [pdf, "--page", String(page), "--find"] + words.map(\.text))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let hits = object["hits"] as? [String: [[Double]]] ?? [:]
        let atTheirInk = words.filter { word in
            let (x, y, w, h) = (word.box[0], word.box[1], word.box[2], word.box[3])
            return (hits[word.text] ?? []).contains { rect in rect[0] < x + w && rect[2] > x && rect[1] < y + h && rect[3] > y }
        }
        return (atTheirInk.map(\.text), object["poppler"] as? String ?? "")
    }

    /// A folder `notes/` with the course notes as `a.pdf` and the print samples beside it as `a.ink.jsonl`.
    static func notes(_ folder: TestFolder) async throws -> (ink: String, words: [Word]) {
        let samples = try await RecognizeFlattenTests.samples(folder)
        try FileManager.default.createDirectory(atPath: folder.path("notes"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RecognizeFlattenTests.pdf, toPath: folder.path("notes/a.pdf"))
        try FileManager.default.copyItem(atPath: samples, toPath: folder.path("notes/a.ink.jsonl"))
        return (folder.path("notes/a.ink.jsonl"), try truth(samples))
    }

    /// The course notes with the print samples' words drawn on them as /Ink annotations by PyMuPDF (one per
    /// word, on page 1), and on page 2 the last `withContents` words again, each with its word as /Contents.
    static func annotatedPDF(_ folder: TestFolder, ink: String, words: [Word], to name: String, withContents: Int = 0) async throws -> String {
        let pdf = folder.path(name)
        try FileManager.default.copyItem(atPath: RecognizeFlattenTests.pdf, toPath: pdf)
        let reader = try InkLayersReader(path: ink)
        var strokes: [[[Double]]] = []
        while let layer = try reader.nextLayer() { strokes += layer.strokes.map { $0.points.map { [$0.x, $0.y] } } }
        let annotations = words.map { word in Array(strokes[word.strokes[0]...word.strokes[1]]) }
        let code = """
            import json
            annotations = json.loads(\(String(decoding: try JSONSerialization.data(withJSONObject: annotations), as: UTF8.self).debugDescription))
            words = json.loads(\(String(decoding: try JSONSerialization.data(withJSONObject: words.map(\.text)), as: UTF8.self).debugDescription))
            for strokes in annotations:
                doc[0].add_ink_annot([[tuple(p) for p in s] for s in strokes])
            for strokes, word in list(zip(annotations, words))[len(words) - \(withContents):]:
                annot = doc[1].add_ink_annot([[tuple(p) for p in s] for s in strokes])
                annot.set_info(content=word)
                annot.update()
            """
        try await ReferenceReaders.editWithMuPDF(pdf, code)
        return pdf
    }

    static func sidecarText(_ path: String) throws -> [(page: Int, entry: RecognisedText)] {
        let reader = try InkLayersReader(path: path)
        var entries: [(page: Int, entry: RecognisedText)] = []
        while let layer = try reader.nextLayer() { entries += layer.recognisedText.map { (layer.page, $0) } }
        return entries
    }

    @Test(.enabled("\(ReferenceReaders.missing)") { await ReferenceReaders.isAvailable })
    func batchRecognisesInkLayersAndAnnotationsAtTheirInk() async throws {
        let folder = TestFolder()
        let (ink, words) = try await Self.notes(folder)
        _ = try await Self.annotatedPDF(folder, ink: ink, words: words, to: "notes/b.pdf")
        let policy = folder.write(Self.pro, to: "policy.json")
        // The words the course notes print are no proof: these are handwriting only.
        let printed = try await Self.found(words, in: RecognizeFlattenTests.pdf)
        #expect(!printed.poppler.contains("kernel") && !printed.poppler.contains("spectrum") && printed.atTheirInk.isEmpty)

        let run = try await Run.of(["batch", folder.path("notes"), "-o", folder.path("out"), "--annotations", "--recognize", "--jobs", "2",
                              "--progress", "lines", "--policy", policy], environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        for name in ["a", "b"] {
            let found = try await Self.found(words, in: folder.path("out/\(name).pdf"))
            #expect(found.atTheirInk.count >= words.count * 9 / 10, "\(name).pdf: only \(found.atTheirInk) of \(words.map(\.text)) at their ink")
            #expect(found.atTheirInk.contains("convolution") && found.poppler.contains("kernel") && found.poppler.contains("spectrum"),
                    "\(name).pdf: \(found.atTheirInk)")
            let entries = try Self.sidecarText(folder.path("out/\(name).ink.jsonl.gz"))
            #expect(entries.count >= 20 && entries.allSatisfy { $0.entry.source == "tesseract" }, "\(name): \(entries.map(\.entry))")
        }
    }

    /// The sidecar records the words and the languages: an output made without them is flattened again, one made
    /// with them is up to date, and what it holds is not read again (a layer that changed is).
    @Test func theSidecarIsTheCacheOfWhatWasRecognised() async throws {
        let folder = TestFolder()
        let (ink, _) = try await Self.notes(folder)
        let policy = folder.write(Self.pro, to: "policy.json")
        let environment = RecognizeExecutableTests.environment([:])
        let batch = { (extra: [String]) in
            try await Run.of(["batch", folder.path("notes"), "-o", folder.path("out"), "--progress", "lines", "--policy", policy] + extra,
                       environment: environment)
        }
        let sidecar = folder.path("out/a.ink.jsonl.gz")
        let plain = try await batch([])
        #expect(plain.status == 0 && plain.output.contains("flattened a.pdf"), "\(plain.output) \(plain.errors)")
        #expect(try Self.sidecarText(sidecar).isEmpty)

        let first = try await batch(["--recognize"])
        #expect(first.status == 0 && first.output.contains("flattened a.pdf"), "an output without the words is not up to date: \(first.output)")
        let entries = try Self.sidecarText(sidecar)
        #expect(entries.count >= 20 && entries.allSatisfy { $0.entry.source == "tesseract" })
        #expect(entries.contains { $0.entry.text == "convolution" })
        let again = try await batch(["--recognize"])
        #expect(again.status == 0 && again.output.contains("up to date a.pdf"), "\(again.output)")
        let otherLanguages = try await batch(["--recognize", "--lang", "en+ja"])
        #expect(otherLanguages.output.contains("flattened a.pdf"), "recognised in other languages: \(otherLanguages.output)")
        _ = try await batch(["--recognize"])

        // What the sidecar holds is what a forced run draws: a word tesseract cannot have read is the output's text.
        let reader = try InkLayersReader(path: sidecar)
        var layers: [PageLayer] = []
        while var layer = try reader.nextLayer() {
            layer.setRecognisedText(layer.recognisedText.map { entry in
                var entry = entry
                if entry.text == "convolution" { entry.text = "cachedword" }
                return entry
            })
            layers.append(layer)
        }
        folder.writeInk("out/a.ink.jsonl.gz", header: reader.header, layers: layers, gzip: true)
        let forced = try await batch(["--recognize", "--force"])
        #expect(forced.status == 0 && forced.output.contains("flattened a.pdf"), "\(forced.output) \(forced.errors)")
        #expect(try Self.sidecarText(sidecar).contains { $0.entry.text == "cachedword" })
        let text = try await Run.of(["pdftotext", folder.path("out/a.pdf"), "-"], tool: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(text.output.contains("cachedword"), "the cached words are not the output's text")

        // The ink changes: a second page of the same strokes. Page 1 is as it was (cached), page 2 is read.
        let original = try InkLayersReader(path: ink)
        var inkLayers: [PageLayer] = []
        while let layer = try original.nextLayer() { inkLayers.append(layer) }
        var second = inkLayers[0]
        second.page = 2
        folder.writeInk("notes/a.ink.jsonl", header: original.header, layers: inkLayers + [second])
        let changed = try await batch(["--recognize"])
        #expect(changed.status == 0 && changed.output.contains("flattened a.pdf"), "\(changed.output) \(changed.errors)")
        let now = try Self.sidecarText(sidecar)
        #expect(now.contains { $0.page == 1 && $0.entry.text == "cachedword" }, "page 1 was read again")
        #expect(now.contains { $0.page == 2 && $0.entry.text == "convolution" } && !now.contains { $0.page == 2 && $0.entry.text == "cachedword" })
    }

    @Test func aFreeUserGetsTheDocumentsWithoutTextToldInOneLine() async throws {
        let folder = TestFolder()
        _ = try await Self.notes(folder)
        let policy = folder.write(#"{"exportAnnotated":"free"}"#, to: "policy.json")
        let run = try await Run.of(["batch", folder.path("notes"), "-o", folder.path("out"), "--recognize", "--progress", "lines", "--policy", policy],
                             environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 0 && run.output.contains("flattened a.pdf"), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1 && run.errors.contains("--recognize is handwriting search, a Pro feature"),
                "\(run.errors)")
        #expect(try Self.sidecarText(folder.path("out/a.ink.jsonl.gz")).isEmpty)
    }

    /// The ink is recognised into a temporary copy before it is drawn; what is wrong with it is still told of the ink.
    @Test func whatIsWrongWithTheInkNamesTheInk() async throws {
        let folder = TestFolder()
        let (ink, _) = try await Self.notes(folder)
        let reader = try InkLayersReader(path: ink)
        var header = reader.header
        header.pdfSHA256 = String(repeating: "0", count: 64)
        header.pdfPageCount = 8
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        folder.writeInk("notes/a.ink.jsonl", header: header, layers: layers)
        let policy = folder.write(Self.pro, to: "policy.json")
        let run = try await Run.of(["batch", folder.path("notes"), "-o", folder.path("out"), "--recognize", "--policy", policy],
                             environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 91 && run.errors.contains("failed: a.pdf: \(ink):1: the ink was made for a PDF"), "\(run.errors)")
        #expect(!run.errors.contains("inkpdf-recognised"))
    }

    @Test func aMissingModelIsOneLineExit92BeforeAnyDocument() async throws {
        let folder = TestFolder()
        _ = try await Self.notes(folder)
        let policy = folder.write(Self.pro, to: "policy.json")
        let empty = folder.path("no-models")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let run = try await Run.of(["batch", folder.path("notes"), "-o", folder.path("out"), "--recognize", "--policy", policy],
                             environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(run.status == 92, "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1 && run.errors.contains("apt-get install"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out/a.pdf")))
    }

    /// A PDF's own /Ink annotations are recognised as they are read (flatten and batch alike); an annotation whose
    /// /Contents gives its words keeps them (its page's layer has text, as `recognize` leaves such a layer).
    @Test(.enabled("\(ReferenceReaders.missing)") { await ReferenceReaders.isAvailable })
    func aPDFsOwnAnnotationsAreRecognisedContentsKept() async throws {
        let folder = TestFolder()
        let samples = try await RecognizeFlattenTests.samples(folder)
        let words = try Self.truth(samples)
        let pdf = try await Self.annotatedPDF(folder, ink: samples, words: words, to: "annotated.pdf", withContents: 4)
        let policy = folder.write(Self.pro, to: "policy.json")
        let run = try await Run.of(["flatten", pdf, "-o", folder.path("out.pdf"), "--recognize", "--policy", policy],
                             environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        let found = try await Self.found(words, in: folder.path("out.pdf"))
        #expect(found.atTheirInk.count >= words.count * 9 / 10 && found.atTheirInk.contains("convolution"), "\(found.atTheirInk)")
        let entries = try Self.sidecarText(folder.path("out.ink.jsonl.gz"))
        #expect(entries.filter { $0.page == 1 }.count >= 20 && entries.filter { $0.page == 1 }.allSatisfy { $0.entry.source == "tesseract" })
        #expect(entries.filter { $0.page == 2 }.map { "\($0.entry.text) \($0.entry.source ?? "")" } == words.suffix(4).map { "\($0.text) pdf" })
        #expect(try await Self.found(Array(words.suffix(4)), in: folder.path("out.pdf"), page: 2).atTheirInk.count == 4)

        // export over another copy of the PDF reads the annotations as ink the same way.
        let exported = try await Run.of(["export", RecognizeFlattenTests.pdf, "--ink", pdf, "-o", folder.path("exported.pdf"), "--recognize",
                                   "--policy", policy], environment: RecognizeExecutableTests.environment([:]))
        #expect(exported.status == 0, "\(exported.errors)")
        let exportedWords = try await Self.found(words, in: folder.path("exported.pdf"))
        #expect(exportedWords.atTheirInk.count >= words.count * 9 / 10, "\(exportedWords.atTheirInk)")

        // A free user: the document, without the words recognised, told in one line.
        let free = folder.write(#"{"exportAnnotated":"free"}"#, to: "free.json")
        let freeRun = try await Run.of(["flatten", pdf, "-o", folder.path("free.pdf"), "--recognize", "--policy", free],
                                 environment: RecognizeExecutableTests.environment([:]))
        #expect(freeRun.status == 0 && freeRun.errors.contains("--recognize is handwriting search, a Pro feature"), "\(freeRun.errors)")
        #expect(try Self.sidecarText(folder.path("free.ink.jsonl.gz")).allSatisfy { $0.entry.source == "pdf" })
    }
}
