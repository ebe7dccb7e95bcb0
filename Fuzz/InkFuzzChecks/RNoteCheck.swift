import InkImport
import LibDeflate

/// The rnote importer (`.rnote`: gzip of JSON): every input is saved in a private folder and read as
/// a notebook, as `inkpdf convert` would, with a small budget so that a bomb ends fast; the document
/// must keep `ImportedDocumentCheck`'s promises. An input that is not gzip is gzip-compressed first
/// (by libdeflate), so that the fuzzer's mutations reach the JSON rather than only the deflate stream.
enum RNoteCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        ScratchFolder.with("rnote") { folder in
            let gzipped = bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b ? Array(bytes) : gzip(bytes)
            guard let input = gzipped.withUnsafeBytes({ ScratchFolder.save($0, as: "input.rnote", in: folder) }) else { return nil }
            let options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
            guard let document = try? RNoteImporter.read(path: input, options: options) else { return nil }
            return ImportedDocumentCheck.problem(with: document)
        }
    }

    /// `bytes` as one gzip member.
    private static func gzip(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var compressor = DeflateCompressor(level: 1)
        return compressor.gzip(bytes)
    }
}
