import Foundation
import InkCLI
import InkModel
import InkFixtures
import Testing

/// `flatten --pages` skips the layers of pages left out and copies their lines into
/// the sidecar as they are: such a line must still be JSON, or the flatten is refused
/// with the line and column, and nothing is written.
@Suite struct SkippedPagesTests {
    static let header = #"{"format":"inkpdf-layers","version":1}"#
    static let stroke = ##"{"ink":{"type":"pen","color":"#FF0000"},"created":1,"points":[[100,100,0,2,2,1,1,0,1.5],[200,200,0.1,2,2,1,1,0,1.5]]}"##

    /// The folder is kept as long as the result (`scratch`).
    static func run(page3: String) throws -> (code: Int32, errors: String, folder: URL, ink: String, scratch: TestFolder) {
        let scratch = TestFolder()
        let folder = scratch.url
        let pdf = folder.appendingPathComponent("doc.pdf").path, ink = folder.appendingPathComponent("doc.ink.jsonl").path
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf), pages: Array(repeating: TestPage(), count: 3))
        let text = [header, "{\"page\":1,\"strokes\":[\(stroke)]}", page3].joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: ink))
        var out = "", err = ""
        let code = CommandRunner(environment: DemoLicence.environment)
            .run(["flatten", pdf, "--ink", ink, "-o", folder.appendingPathComponent("out/doc.pdf").path, "--pages", "1"],
                 output: &out, errors: &err)
        return (code, err, folder, ink, scratch)
    }

    @Test(arguments: [
        (#"{"page":3,"strokes":[],"x":[1,2}}"#, "column 32: expected ',' or ']', found '}'"),
        (#"{"page":3,"strokes":[],"x":tru}"#, "column 28: invalid literal; expected true"),
        (#"{"page":3,"strokes":[],"x":"\q"}"#, #"column 29: invalid escape '\q' in a string"#),
        ("{\"page\":3,\"strokes\":[],\"x\":\"a\u{01}\"}", "column 30: control character byte 0x01 in a string; it must be escaped"),
        (#"{"page":3,"strokes":[\#(stroke.replacingOccurrences(of: "1.5]", with: "1.5.]"))]}"#, "column 108: expected ',' or ']', found '.'"),
    ])
    func aSkippedLineThatIsNotJSONIsRefused(line: String, problem: String) throws {
        let run = try Self.run(page3: line)
        #expect(run.code == ExitCode.invalidInk.rawValue, "\(run.errors)")
        #expect(run.errors == "inkpdf: \(run.ink):3: invalid JSON at \(problem)\n")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: run.folder.appendingPathComponent("out").path)) ?? []
        #expect(written.isEmpty, "\(written)")
    }

    @Test func aValidSkippedLineIsKeptInTheSidecarAsItIs() throws {
        let line = #"{"page":3,"strokes":[],"x":[true,null,"caf\u00e9"]}"#
        let run = try Self.run(page3: line)
        #expect(run.code == 0, "\(run.errors)")
        let sidecar = try InkLayersReader(path: run.folder.appendingPathComponent("out/doc.ink.jsonl.gz").path)
        var pages: [Int] = []
        while let layer = try sidecar.nextLayer() { pages.append(layer.page) }
        #expect(pages == [1, 3])
    }
}
