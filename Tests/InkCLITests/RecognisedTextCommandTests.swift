import Foundation
import InkCLI
import InkModel
import InkFixtures
import Testing

/// A layer's recognised text travels with the ink through every command that writes layers back:
/// the sidecar of flatten and export, `--embed-ink` and `extract`, `downgrade`, `merge`, `convert`
/// of an ink-layers file; `check` and `inspect` read it; a bad entry is one located line.
@Suite struct RecognisedTextCommandTests {
    func run(_ arguments: [String], environment: [String: String] = DemoLicence.environment) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: environment).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    /// The course notes with, on every layer, a text entry with literals a re-encoding would change.
    static func notesWithText(in folder: TestFolder) throws -> (pdf: String, ink: String, text: String) {
        let pdf = folder.path("notes.pdf"), plain = folder.path("plain.ink.jsonl")
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: pdf), ink: URL(fileURLWithPath: plain))
        let lines = try String(contentsOfFile: plain, encoding: .utf8).split(separator: "\n").map(String.init)
        let withText = [lines[0]] + lines.dropFirst().map { line in
            String(line.dropLast()) + #","text":[{"text":"Faltung","strokes":[0],"lang":"de","confidence":9.30e-1,"alternatives":["Haltung"],"x":{}}]}"#
        }
        let ink = folder.path("notes.ink.jsonl")
        let text = withText.joined(separator: "\n") + "\n"
        try text.write(toFile: ink, atomically: true, encoding: .utf8)
        return (pdf, ink, text)
    }

    static func text(of path: String) async throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return data.starts(with: [0x1F, 0x8B]) ? try await gunzip(path) : String(decoding: data, as: UTF8.self)
    }

    static func gunzip(_ path: String) async throws -> String {
        String(decoding: try await OutsideTool.gzip.outcome(["-dc", path]).output, as: UTF8.self)
    }

    @Test func everyCommandThatWritesLayersKeepsTheTextBitForBit() async throws {
        let folder = TestFolder()
        let (pdf, ink, text) = try Self.notesWithText(in: folder)
        #expect(run(["flatten", pdf, "--ink", ink, "-o", folder.path("flat.pdf")]).code == 0)
        #expect(try await Self.text(of: folder.path("flat.ink.jsonl.gz")) == text)
        let exported = run(["export", pdf, "--ink", ink, "-o", folder.path("shared.pdf"), "--embed-ink"])
        #expect(exported.code == 0, "\(exported.err)")
        #expect(try await Self.text(of: folder.path("shared.ink.jsonl.gz")) == text)
        #expect(run(["extract", folder.path("shared.pdf"), "-o", folder.path("back.ink.jsonl")], environment: [:]).code == 0)
        #expect(try await Self.text(of: folder.path("back.ink.jsonl")) == text)
        // Downgrade re-inks strokes (no stroke is dropped or moved); merge here changes nothing.
        let entry = #""text":[{"text":"Faltung","strokes":[0],"lang":"de","confidence":9.30e-1,"alternatives":["Haltung"],"x":{}}]"#
        #expect(run(["downgrade", ink, "--max-content-version", "1", "-o", folder.path("old.ink.jsonl")]).code == 0)
        let merged = run(["merge", "--base", ink, "--local", ink, "--remote", ink, "-o", folder.path("merged.ink.jsonl")])
        #expect(merged.code == 0, "\(merged.err)")
        for name in ["old.ink.jsonl", "merged.ink.jsonl"] {
            let layers = try await Self.text(of: folder.path(name)).split(separator: "\n").dropFirst()
            #expect(layers.count == 8 && layers.allSatisfy { $0.contains(entry) }, "\(name)")
        }
        #expect(run(["check", ink]).code == 0)
        let inspected = run(["inspect", ink])
        #expect(inspected.code == 0 && inspected.out.contains("8 recognised text entries"), "\(inspected.out)")
    }

    @Test func anEntryNamingAStrokeTheLayerDoesNotHaveIsOneLocatedLineAndNothingIsWritten() throws {
        let folder = TestFolder()
        let (pdf, _, text) = try Self.notesWithText(in: folder)
        let bad = folder.path("bad.ink.jsonl")
        try text.replacingOccurrences(of: #""strokes":[0],"lang""#, with: #""strokes":[40],"lang""#)
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let checked = run(["check", bad])
        #expect(checked.code != 0)
        #expect(checked.err.contains("bad.ink.jsonl:2: page 1, text 1: stroke 40 is not in this layer ("), "\(checked.err)")
        let flattened = run(["flatten", pdf, "--ink", bad, "-o", folder.path("out.pdf")])
        #expect(flattened.code != 0 && flattened.err.split(separator: "\n").count == 1, "\(flattened.err)")
        #expect(flattened.err.contains("text 1: stroke 40 is not in this layer"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.pdf")))
    }
}
