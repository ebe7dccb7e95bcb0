import InkImport

/// The Xournal++ importer (gzip, zip and plain XML `.xopp`/`.xoj`): every input is saved in a
/// private folder and read as a document, as `inkpdf convert` would, with small limits so that a
/// bomb ends fast and only files inside that folder readable, whatever the input names; the
/// document must keep `ImportedDocumentCheck`'s promises.
enum XournalCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        ScratchFolder.with("xournal") { folder in
            guard let input = ScratchFolder.save(bytes, as: "input.xopp", in: folder) else { return nil }
            var options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
            options.maximumReferencedFileBytes = 1 << 20
            options.confinement = []
            guard let document = try? XournalImporter.read(path: input, options: options) else { return nil }
            return ImportedDocumentCheck.problem(with: document)
        }
    }
}
