// A libFuzzer target for the rnote importer (`.rnote`: gzip of JSON): every input is read as a
// notebook, as `inkpdf convert` would, with a small budget so that a bomb ends fast. An input
// that is not gzip is gzip-compressed first (by zlib), so that the fuzzer's mutations reach the
// JSON rather than only the deflate stream. Any outcome but a document or a thrown error (a
// crash, a trap, a hang, unbounded memory) is a finding, and so is a document whose pages,
// decorations or strokes carry a number outside InkRange. Built and run by
// `scripts/fuzz.sh SECONDS rnote`, seeded with hand-written notebooks and the corpus's `.rnote`
// files (read in place). Compiled together with Sources/InkModel, the importer's files of
// Sources/InkImport/RNote and the files they use (see scripts/fuzz.sh).
import CZlib
import Foundation

private let folder: String = {
    let path = NSTemporaryDirectory() + "inkpdf-rnote-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

/// `bytes` as one gzip member (zlib's deflate with the gzip wrapper).
private func gzip(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRNote(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = folder + "/input.rnote"
    let raw = UnsafeBufferPointer(start: data, count: count)
    let bytes = count >= 2 && data[0] == 0x1f && data[1] == 0x8b ? Array(raw) : gzip(raw)
    guard FileManager.default.createFile(atPath: input, contents: Data(bytes)) else { return 0 }
    let options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
    guard let document = try? RNoteImporter.read(path: input, options: options) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
    checkImported(document)
    return 0
}
