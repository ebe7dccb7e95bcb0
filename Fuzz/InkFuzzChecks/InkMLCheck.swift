import InkImport

/// The InkML importer (plain or gzip XML `.inkml`): every input is saved in a private folder and
/// read as a document, as `inkpdf convert` would, with a small expansion limit so that a bomb ends
/// fast; the document must have pages and keep `ImportedDocumentCheck`'s promises.
enum InkMLCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        ScratchFolder.with("inkml") { folder in
            guard let input = ScratchFolder.save(bytes, as: "input.inkml", in: folder) else { return nil }
            let options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
            guard let document = try? InkMLImporter.read(path: input, options: options) else { return nil }
            guard !document.pages.isEmpty else { return "a document without pages" }
            return ImportedDocumentCheck.problem(with: document)
        }
    }
}
