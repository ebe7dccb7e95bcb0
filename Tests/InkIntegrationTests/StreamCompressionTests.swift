import CDeflate
import CZlib
import Foundation
import InkFixtures
import Testing

/// Each library keeps its own compression: the ink's Form XObject, which inkpdf
/// writes itself, is exactly libdeflate's zlib-format compression of its operators
/// at the ink's level (`InkContentCompression.inkLevel`; chosen by measurement), not
/// zlib's (its former level 4, tuned), while the page content cairo writes (the PDF
/// page drawn by poppler) is zlib's at its default (6): nothing in the executable
/// changes other libraries' level.
@Suite struct StreamCompressionTests {
    @Test func inkIsWrittenAtItsSettingsAndCairoKeepsZlibsDefault() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-zlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("doc.pdf"), ink = folder.appendingPathComponent("doc.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 1, pdf: pdf, ink: ink)
        let output = folder.appendingPathComponent("out.pdf").path
        let flatten = try await Run.of(["flatten", pdf.path, "--ink", ink.path, "-o", output, "--no-sidecar", "-q"] + DemoLicence.arguments)
        #expect(flatten.status == 0, "\(flatten.errors)")

        // "page 1: 2 0 R", "  content:", "    12 0 R" (q), "    5 0 R" (cairo's page), "    13 0 R" (Q, the ink drawn)
        let lines = String(decoding: try await qpdf(["--show-pages", output]), as: UTF8.self).split(separator: "\n")
        let at = try #require(lines.firstIndex { $0.contains("content:") })
        try #require(lines.count > at + 3, "the page's contents: q, cairo's stream, the ink")
        let pageContent = try #require(lines[at + 2].split(separator: " ").first)
        let page = try #require(lines[0].split(separator: " ").dropFirst(2).first)
        // The ink form, named in the page's resources: "/InkPDFInk 11 0 R".
        let dictionary = String(decoding: try await qpdf(["--show-object=\(page)", output]), as: UTF8.self)
        let name = try #require(dictionary.range(of: "/InkPDFInk "))
        let form = try #require(dictionary[name.upperBound...].split(separator: " ").first)

        let inkStored = try await qpdf(["--show-object=\(form)", "--raw-stream-data", output])
        let inkDecoded = try await qpdf(["--show-object=\(form)", "--filtered-stream-data", output])
        #expect(inkDecoded.count > 50_000, "a dense page of ink")
        // libdeflate at the ink's level, read back by zlib (the stored data inflate to the decoded).
        #expect(inkStored == libdeflateCompressed(inkDecoded, level: Self.inkLevel))
        #expect(inkStored != libdeflateCompressed(inkDecoded, level: Self.inkLevel == 6 ? 4 : 6))
        #expect(inkStored != compressed(inkDecoded, level: 4, tuning: (8, 16, 32, 16)))

        let pageStored = try await qpdf(["--show-object=\(pageContent)", "--raw-stream-data", output])
        let pageDecoded = try await qpdf(["--show-object=\(pageContent)", "--filtered-stream-data", output])
        #expect(pageDecoded.count > 1000, "the page's text, drawn by cairo")
        #expect(pageStored == compressed(pageDecoded, level: Z_DEFAULT_COMPRESSION))
    }

    /// `InkContentCompression.inkLevel`, restated: a change of level is a decision this test should see.
    static let inkLevel: Int32 = 3

    /// `data` compressed by libdeflate in the zlib format at `level`.
    func libdeflateCompressed(_ data: Data, level: Int32) -> Data {
        let compressor = libdeflate_alloc_compressor(level)!
        defer { libdeflate_free_compressor(compressor) }
        var out = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, data.count))
        let input = [UInt8](data)
        let written = out.withUnsafeMutableBytes { buffer in
            input.withUnsafeBytes { libdeflate_zlib_compress(compressor, $0.baseAddress, $0.count, buffer.baseAddress, buffer.count) }
        }
        precondition(written > 0)
        return Data(out.prefix(written))
    }

    /// `data` deflated by zlib itself at `level`, with `deflateTune`'s `tuning` if given.
    func compressed(_ data: Data, level: Int32, tuning: (Int32, Int32, Int32, Int32)? = nil) -> Data {
        var stream = z_stream()
        precondition(deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        if let (good, lazy, nice, chain) = tuning { precondition(deflateTune(&stream, good, lazy, nice, chain) == Z_OK) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        var input = [UInt8](data)
        let status = input.withUnsafeMutableBufferPointer { source in
            out.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END)
        return Data(out.prefix(Int(stream.total_out)))
    }

    func qpdf(_ arguments: [String]) async throws -> Data {
        try await OutsideTool.qpdf.outcome(arguments).output
    }
}
