import CZlib
import Foundation
import InkFixtures
import Testing

/// The inkpdf executable has cairo compress content streams at zlib level 4
/// instead of zlib's default (6): a flattened page's content stream is exactly
/// zlib's level-4 compression of its decoded bytes.
@Suite struct StreamCompressionTests {
    @Test func cairoWritesContentStreamsAtLevelFour() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-zlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("doc.pdf"), ink = folder.appendingPathComponent("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 1, pdf: pdf, ink: ink)
        let output = folder.appendingPathComponent("out.pdf").path
        let flatten = Process()
        flatten.executableURL = BuiltExecutable.inkpdf
        flatten.arguments = ["flatten", pdf.path, "--ink", ink.path, "-o", output, "--no-sidecar", "-q"] + DemoLicence.arguments
        try flatten.run()
        flatten.waitUntilExit()
        #expect(flatten.terminationStatus == 0)

        // The page's content stream, as stored and as decoded.
        // "page 1: 2 0 R", "  content:", "    5 0 R"
        let lines = String(decoding: try qpdf(["--show-pages", output]), as: UTF8.self).split(separator: "\n")
        let at = try #require(lines.firstIndex { $0.contains("content:") })
        let content = try #require(lines[at + 1].split(separator: " ").first)
        let stored = try qpdf(["--show-object=\(content)", "--raw-stream-data", output])
        let decoded = try qpdf(["--show-object=\(content)", "--filtered-stream-data", output])
        #expect(decoded.count > 50_000, "a dense page of ink")
        #expect(stored == compressed(decoded, level: 4))
        #expect(stored != compressed(decoded, level: 6))
    }

    func compressed(_ data: Data, level: Int32) -> Data {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = data.withUnsafeBytes { input in
            compress2(&out, &size, input.bindMemory(to: Bytef.self).baseAddress, uLong(data.count), level)
        }
        precondition(status == Z_OK)
        return Data(out.prefix(Int(size)))
    }

    func qpdf(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
