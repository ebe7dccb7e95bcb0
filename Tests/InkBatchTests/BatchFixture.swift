import InkBatch
import InkCLI
import Foundation
import InkPipeline
import InkModel
import InkFixtures

/// A source tree of small documents for batch tests, in its own temporary folder.
final class BatchFixture {
    let folder = TestFolder()
    var source: String { folder.path("notes") }
    var output: String { folder.path("flattened") }

    init() {
        try! FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    }

    /// Writes `notes/RELATIVE` (a PDF of `pages` pages) and, unless `ink` is nil,
    /// its ink beside it: `.ink.jsonl`, or `.ink.jsonl.gz` when `gzip`. The ink
    /// has one red stroke on page 1 shifted by `ink` points, so different values give different ink.
    @discardableResult
    func document(_ relative: String, pages: Int = 1, ink: Double? = 0, gzip: Bool = false) throws -> String {
        let pdf = sourcePath(relative)
        try FileManager.default.createDirectory(atPath: (pdf as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try SampleDocuments.writeTestPDF(at: URL(fileURLWithPath: pdf),
                                         pages: (1...pages).map { TestPage(lines: [.init("page \($0) of \(relative)", x: 60, y: 80)]) })
        if let shift = ink {
            writeInk(for: relative, shift: shift, gzip: gzip)
        }
        return pdf
    }

    /// (Re)writes the ink beside `notes/RELATIVE`.
    func writeInk(for relative: String, shift: Double, gzip: Bool = false) {
        let stem = String(sourcePath(relative).dropLast(4))
        let writer = try! InkLayersWriter(path: stem + (gzip ? ".ink.jsonl.gz" : ".ink.jsonl"), compressionLevel: gzip ? 6 : nil)
        try! writer.write(header: InkLayersHeader())
        try! writer.write(layer: PageLayer(page: 1, strokes: [redStroke([(20 + shift, 20), (120 + shift, 60)])]))
        try! writer.close()
    }

    func sourcePath(_ relative: String) -> String { source + "/" + relative }
    func outputPath(_ relative: String) -> String { output + "/" + relative }

    /// Every file under `folder`, relative, sorted (hidden ones included).
    static func files(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let name = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(name)
            }
        }
        return files.sorted()
    }

    /// The bytes of every output file, by relative path.
    func outputBytes() -> [String: Data] {
        Dictionary(uniqueKeysWithValues: Self.files(under: output).map { ($0, fileBytes(output + "/" + $0) ?? Data()) })
    }
}
