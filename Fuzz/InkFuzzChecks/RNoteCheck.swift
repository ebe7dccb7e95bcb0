import CZlib
import InkImport

/// The rnote importer (`.rnote`: gzip of JSON): every input is saved in a private folder and read as
/// a notebook, as `inkpdf convert` would, with a small budget so that a bomb ends fast; the document
/// must keep `ImportedDocumentCheck`'s promises. An input that is not gzip is gzip-compressed first
/// (by zlib), so that the fuzzer's mutations reach the JSON rather than only the deflate stream.
enum RNoteCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        ScratchFolder.with("rnote") { folder in
            let raw = bytes.bindMemory(to: UInt8.self)
            let gzipped = raw.count >= 2 && raw[0] == 0x1f && raw[1] == 0x8b ? Array(raw) : gzip(raw)
            guard let input = gzipped.withUnsafeBytes({ ScratchFolder.save($0, as: "input.rnote", in: folder) }) else { return nil }
            let options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
            guard let document = try? RNoteImporter.read(path: input, options: options) else { return nil }
            return ImportedDocumentCheck.problem(with: document)
        }
    }

    /// `bytes` as one gzip member (zlib's deflate with the gzip wrapper).
    private static func gzip(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 64)
        stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.avail_in = uInt(bytes.count)
        let produced = out.withUnsafeMutableBufferPointer { buffer -> Int in
            stream.next_out = buffer.baseAddress
            stream.avail_out = uInt(buffer.count)
            guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { return 0 }
            return buffer.count - Int(stream.avail_out)
        }
        return Array(out.prefix(produced))
    }
}
