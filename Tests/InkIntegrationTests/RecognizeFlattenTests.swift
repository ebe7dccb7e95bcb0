import Foundation
import InkFixtures
import InkModel
import Testing

/// `flatten --recognize` and `export --recognize` with the built inkpdf: the sidecar carries the text
/// entries and is their cache; a free user gets the document without them, told in one line.
/// Each test runs inkpdf up to ten times, each run waiting for a core (`ChildProcess.slots`) behind the
/// whole suite's children: the limit is what a hang needs, not what the runs take (seconds alone).
@Suite struct RecognizeFlattenTests {
    static let pdf = SharedCorpus.repository.appendingPathComponent("SamplePDFs/course-notes.pdf").path

    /// The project's print samples (scripts/handwriting_samples.py) in `folder`.
    static func samples(_ folder: TestFolder) async throws -> String {
        let run = try await Run.of([SharedCorpus.repository.appendingPathComponent("scripts/handwriting_samples.py").path, folder.path("samples")],
                                   tool: OutsideTool.python3.url)
        #expect(run.status == 0, "scripts/handwriting_samples.py (make deps installs its modules): \(run.errors)")
        return folder.path("samples/print.ink.jsonl")
    }

    static func sidecarText(_ path: String) throws -> [RecognisedText] {
        let reader = try InkLayersReader(path: path)
        var entries: [RecognisedText] = []
        while let layer = try reader.nextLayer() { entries += layer.recognisedText }
        return entries
    }

    @Test(arguments: ["flatten", "export"]) func theSidecarCarriesTheTextAndIsItsCache(command: String) async throws {
        let folder = TestFolder()
        let ink = try await Self.samples(folder)
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let environment = RecognizeExecutableTests.environment([:])
        let first = try await Run.of([command, Self.pdf, "--ink", ink, "-o", folder.path("first.pdf"), "--recognize", "--policy", policy],
                               environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        let entries = try Self.sidecarText(folder.path("first.ink.jsonl.gz"))
        #expect(entries.count >= 20 && entries.allSatisfy { $0.source == "tesseract" })
        #expect(entries.contains { $0.text == "convolution" })
        // Again over the sidecar, with no models at all: nothing is recognised (a model would be missing, exit 92).
        let empty = folder.path("no-models")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let second = try await Run.of([command, Self.pdf, "--ink", folder.path("first.ink.jsonl.gz"), "-o", folder.path("second.pdf"), "--recognize",
                                 "--policy", policy], environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(second.status == 0, "\(second.errors)")
        #expect(try Self.sidecarText(folder.path("second.ink.jsonl.gz")) == entries)
        // The input itself has no models either: that run is the one that would need them.
        let third = try await Run.of([command, Self.pdf, "--ink", ink, "-o", folder.path("third.pdf"), "--recognize", "--policy", policy],
                               environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(third.status == 92 && !FileManager.default.fileExists(atPath: folder.path("third.pdf")))
        // The same ink to the same output again: the words come back from the output's sidecar, nothing is recognised.
        let again = try await Run.of([command, Self.pdf, "--ink", ink, "-o", folder.path("first.pdf"), "--recognize", "--policy", policy],
                                     environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(again.status == 0, "\(again.errors)")
        #expect(try Self.sidecarText(folder.path("first.ink.jsonl.gz")) == entries)
        // In other languages it is a different reading: recognised again (and here the model is missing).
        let otherLanguage = try await Run.of([command, Self.pdf, "--ink", ink, "-o", folder.path("first.pdf"), "--recognize", "--lang", "de",
                                              "--policy", policy], environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(otherLanguage.status == 92, "\(otherLanguage.errors)")
    }

    @Test func aFreeUserGetsTheDocumentWithoutTextToldInOneLine() async throws {
        let folder = TestFolder()
        let ink = try await Self.samples(folder)
        let policy = folder.write(#"{"exportAnnotated":"free"}"#, to: "policy.json")
        let run = try await Run.of(["flatten", Self.pdf, "--ink", ink, "-o", folder.path("out.pdf"), "--recognize", "--policy", policy],
                             environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1 && run.errors.contains("--recognize is handwriting search, a Pro feature"))
        #expect(try Self.sidecarText(folder.path("out.ink.jsonl.gz")).isEmpty)
    }
}

extension RecognizeFlattenTests {
    /// Another tool's document (the print samples written as InkML, laid over the course notes with
    /// `--pdf`) is recognised as it is imported: its words are the PDF's handwriting text, and are kept
    /// beside the output (with the document itself) for the next run, flatten's or export's.
    @Test func anotherToolsDocumentIsRecognisedAsItIsImported() async throws {
        let folder = TestFolder()
        let reader = try await InkLayersReader(path: try Self.samples(folder))
        var pages: [[Stroke]] = []
        while let layer = try reader.nextLayer() {
            while pages.count < layer.page { pages.append([]) }
            pages[layer.page - 1] += layer.strokes
        }
        let inkml = folder.write(InkMLWriter.document(pages: pages), to: "samples.inkml")
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let run = try await Run.of(["flatten", inkml, "--pdf", Self.pdf, "-o", folder.path("out.pdf"), "--recognize", "--policy", policy],
                             environment: RecognizeExecutableTests.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        let text = try await OutsideTool.text(of: folder.path("out.pdf"))
        #expect(text.contains("convolution"), "the recognised words are not in the PDF's text")
        // The document is kept beside the output as it is, and its words beside it as ink-layers: the cache.
        #expect(FileManager.default.contentsEqual(atPath: folder.path("out.inkml"), andPath: inkml))
        let words = try Self.sidecarText(folder.path("out.ink.jsonl.gz"))
        #expect(words.contains { $0.text == "convolution" } && words.allSatisfy { $0.source == "tesseract" })
        #expect(run.output.contains("wrote \(folder.path("out.ink.jsonl.gz"))"))
        // Flattened again with no models at all: nothing is recognised, the same words are written.
        let empty = folder.path("no-models")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for command in ["flatten", "export"] {
            let again = try await Run.of([command, inkml, "--pdf", Self.pdf, "-o", folder.path("out.pdf"), "--recognize", "--policy", policy],
                                         environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
            #expect(again.status == 0, "\(command): \(again.errors)")
            #expect(try Self.sidecarText(folder.path("out.ink.jsonl.gz")) == words)
            #expect(try await OutsideTool.text(of: folder.path("out.pdf")).contains("convolution"), "\(command)")
        }
        // A page changed is read again (and here its model is missing): a layer's words are kept only for that layer.
        pages[0].removeLast()
        let changed = folder.write(InkMLWriter.document(pages: pages), to: "changed.inkml")
        let reread = try await Run.of(["flatten", changed, "--pdf", Self.pdf, "-o", folder.path("out.pdf"), "--recognize", "--policy", policy],
                                      environment: RecognizeExecutableTests.environment(["TESSDATA_PREFIX": empty]))
        #expect(reread.status == 92, "\(reread.errors)")
        #expect(try Self.sidecarText(folder.path("out.ink.jsonl.gz")) == words, "a failed run leaves the last words in place")
    }
}
