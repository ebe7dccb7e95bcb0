import Foundation
import InkFixtures
import InkModel
import Testing

/// The built `inkpdf recognize`: its gate, its errors, and what it reads on real handwriting.
@Suite struct RecognizeExecutableTests {
    static func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INKPDF_") && $0.key != "TESSDATA_PREFIX" }.merging(extra) { $1 }
    }

    /// A page with a few strokes and one `text` entry a person gave.
    static func inkWithText(_ folder: TestFolder) -> String {
        let ink = Ink(type: .pen, color: RGBAColor(red: 0, green: 0, blue: 0))
        let strokes = (0..<3).map { i in
            Stroke(ink: ink, created: 1764460000 + Double(i),
                   points: (0..<20).map { StrokePoint(x: 100 + Double(i) * 12 + Double($0) * 0.4, y: 100 + Double($0), w: 1.2, h: 1.2) })
        }
        var layer = PageLayer(page: 1, strokes: strokes)
        layer.setRecognisedText([RecognisedText(text: "hand", strokes: [0, 1, 2], source: "person")])
        var second = PageLayer(page: 2, strokes: strokes)
        second.setRecognisedText([])
        return folder.writeInk("notes.ink.jsonl", layers: [layer, second])
    }

    /// tesseract and zinnia are opened only by the processes that recognise: a flatten does not
    /// load them (every inkpdf process paid about 5 MB for them when they were linked), `recognize` does.
    @Test func onlyRecognisingLoadsTheEngines() async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let input = Self.inkWithText(folder)
        let loaded = { (run: Run) in ["libtesseract", "libzinnia"].filter { run.errors.contains("file=\($0)") } }
        let flatten = try await Run.of(["flatten", RecognizeFlattenTests.pdf, "--ink", input, "-o", folder.path("out.pdf"), "--policy", policy],
                                 environment: Self.environment(["LD_DEBUG": "files"]))
        #expect(flatten.status == 0, "\(flatten.errors.suffix(500))")
        #expect(loaded(flatten).isEmpty)
        let recognize = try await Run.of(["recognize", input, "-o", folder.path("out.ink.jsonl"), "--redo", "--lang", "en+ja", "--policy", policy],
                                   environment: Self.environment(["LD_DEBUG": "files"]))
        #expect(recognize.status == 0, "\(recognize.errors.suffix(500))")
        #expect(loaded(recognize) == ["libtesseract", "libzinnia"])
    }

    @Test func refusedWithoutProNothingWritten() async throws {
        let folder = TestFolder()
        let input = Self.inkWithText(folder), output = folder.path("out.ink.jsonl")
        let run = try await Run.of(["recognize", input, "-o", output], environment: Self.environment([:]))
        #expect(run.status == 85, "\(run.errors)")
        #expect(run.errors.contains("recognize refused") && run.errors.contains("handwritingSearch"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func aMissingModelIsExit92NamingThePackage() async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"handwritingSearch":"free"}"#, to: "policy.json")
        let input = Self.inkWithText(folder), output = folder.path("out.ink.jsonl")
        let empty = folder.path("models")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let run = try await Run.of(["recognize", input, "-o", output, "--lang", "en+ja", "--policy", policy],
                             environment: Self.environment(["TESSDATA_PREFIX": empty]))
        #expect(run.status == 92)
        #expect(run.errors == "inkpdf: \(empty)/eng.traineddata: the en recognition model is missing; install it with 'apt-get install tesseract-ocr-eng'\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        let unknown = try await Run.of(["recognize", input, "-o", output, "--lang", "tlh", "--policy", policy], environment: Self.environment([:]))
        #expect(unknown.status == 64 && unknown.errors.contains("'tlh' is not a language"))
    }

    /// A layer that has text keeps it byte for byte; `--redo` replaces it with what tesseract reads.
    @Test func layersWithTextKeepItUnlessRedo() async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"handwritingSearch":"free"}"#, to: "policy.json")
        let input = Self.inkWithText(folder)
        let kept = folder.path("kept.ink.jsonl"), redone = folder.path("redone.ink.jsonl")
        let run = try await Run.of(["recognize", input, "-o", kept, "--policy", policy], environment: Self.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        let inputLines = try String(contentsOfFile: input, encoding: .utf8).split(separator: "\n")
        let keptLines = try String(contentsOfFile: kept, encoding: .utf8).split(separator: "\n")
        #expect(keptLines.count == 3 && keptLines[1] == inputLines[1])
        let redo = try await Run.of(["recognize", input, "-o", redone, "--policy", policy, "--redo"], environment: Self.environment([:]))
        #expect(redo.status == 0, "\(redo.errors)")
        let reader = try InkLayersReader(path: redone)
        let first = try #require(try reader.nextLayer())
        #expect(!first.recognisedText.contains { $0.source == "person" })
        #expect(first.recognisedText.allSatisfy { $0.source == "tesseract" })
    }

    /// The corpus's reMarkable pen test writes "This is a test" in pens of many sizes, a line each: most
    /// lines have at least two of the four words found (matched as search matches: edit distance 1 up to
    /// 5 letters, none up to 2), and "This" and "test" are each found on most lines.
    @Test(.enabled(if: SharedCorpus.isAvailable, Comment(rawValue: SharedCorpus.missing)))
    func realHandwritingOfThePenTestIsRead() async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"handwritingSearch":"free"}"#, to: "policy.json")
        let output = folder.path("pen.ink.jsonl")
        let run = try await Run.of(["recognize", SharedCorpus.path("ink/remarkable/rmc/pen_size_test.strokes.rm"), "-o", output, "--policy", policy],
                             environment: Self.environment([:]))
        #expect(run.status == 0, "\(run.errors)")
        let reader = try InkLayersReader(path: output)
        let layer = try #require(try reader.nextLayer())
        // The entries in rows by the middle of their boxes.
        var rows: [(middle: Double, readings: [[String]])] = []
        for entry in layer.recognisedText {
            let box = try #require(layer.box(of: entry))
            let middle = box.y + box.height / 2
            let readings = [entry.text] + entry.alternatives
            if let row = rows.firstIndex(where: { abs($0.middle - middle) < 14 }) { rows[row].readings.append(readings) } else { rows.append((middle, [readings])) }
        }
        func found(_ word: String, in row: [[String]]) -> Bool {
            row.contains { $0.contains { Self.matches($0, word) } }
        }
        let words = ["This", "is", "a", "test"]
        let wellRead = rows.filter { row in words.filter { found($0, in: row.readings) }.count >= 2 }
        #expect(wellRead.count >= 5, "\(wellRead.count) rows with two of the words, of \(rows.count): \(rows.map { $0.readings.map { $0[0] } })")
        #expect(rows.filter { found("This", in: $0.readings) }.count >= 5 && rows.filter { found("test", in: $0.readings) }.count >= 4,
                "\(rows.map { $0.readings.map { $0[0] } })")
        #expect(rows.count >= 9, "the nine lines are told apart")
    }

    static func matches(_ reading: String, _ word: String) -> Bool {
        let a = Array(reading.lowercased()), b = Array(word.lowercased())
        let allowed = b.count <= 2 ? 0 : b.count <= 5 ? 1 : 2
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() { current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))) }
            previous = current
        }
        return previous[b.count] <= allowed
    }

    /// Issue 52: recognize runs in a worker with flatten's bounds: a worker stopped for time, or by its
    /// memory limit, is one line naming the ink and the cause (exit 88; the memory limit's), and nothing is left behind.
    @Test func recognitionRunsInAWorkerWithFlattensLimits() async throws {
        let folder = TestFolder()
        let policy = folder.write(#"{"handwritingSearch":"free","exportAnnotated":"free"}"#, to: "policy.json")
        let input = Self.inkWithText(folder)
        let output = folder.path("out.ink.jsonl")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        let base = ["recognize", input, "-o", output, "--redo", "--policy", policy]
        // No worker starts, loads the models and reads a page within a millisecond.
        let stalled = try await Run.of(base + ["--stall-timeout", "0.001"], environment: Self.environment([:]))
        #expect(stalled.status == 88, "\(stalled.errors)")
        #expect(stalled.errors.hasPrefix("inkpdf: \(input): stopped after 0.001 s without progress") && stalled.errors.split(separator: "\n").count == 1,
                "\(stalled.errors)")
        let timedOut = try await Run.of(base + ["--timeout", "0.001"], environment: Self.environment([:]))
        #expect(timedOut.status == 88 && timedOut.errors.hasPrefix("inkpdf: \(input): stopped after 0 s"), "\(timedOut.errors)")
        // Under a limit of 1 MB the worker cannot even start its watch on its parent: one line, naming the limit.
        let limited = try await Run.of(base + ["--memory-limit", "1"], environment: Self.environment([:]))
        #expect(limited.status != 0 && limited.status != 64, "\(limited.errors)")
        #expect(limited.errors.hasPrefix("inkpdf: \(input): ") && limited.errors.contains("--memory-limit") && limited.errors.split(separator: "\n").count == 1,
                "\(limited.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
        // Within its bounds it writes what it read.
        let run = try await Run.of(base + ["--timeout", "600", "--stall-timeout", "120", "--memory-limit", "4096"], environment: Self.environment([:]))
        #expect(run.status == 0 && FileManager.default.fileExists(atPath: output), "\(run.errors)")
    }
}
