// A libFuzzer target for the Xournal++ importer (gzip, zip and plain XML `.xopp`/`.xoj`):
// every input is written to a file in a private folder and read as a document, as
// `inkpdf convert` would, with small limits so that a bomb ends fast; any outcome but a
// document or a thrown error (a crash, a trap, a hang, unbounded memory) is a finding, and so
// is a document whose pages or strokes carry a number outside InkRange. Built and run by
// `scripts/fuzz.sh SECONDS xournal`, seeded with the corpus's `.xopp` and `.xoj` files
// (read in place). Compiled together with Sources/InkModel, the importer's files of
// Sources/InkImport and the two of Sources/InkFileSystem it uses (see scripts/fuzz.sh), so
// no import of the project's modules is needed.
import Foundation

private let folder: String = {
    let path = NSTemporaryDirectory() + "inkpdf-xournal-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXournal(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = folder + "/input.xopp"
    guard FileManager.default.createFile(atPath: input, contents: Data(bytes: data, count: count)) else { return 0 }
    var options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
    options.maximumReferencedFileBytes = 1 << 20
    // Only files inside the fuzzing folder may be read, whatever the input names.
    options.confinement = []
    guard let document = try? XournalImporter.read(path: input, options: options) else { return 0 }
    defer {
        try? FileManager.default.removeItem(atPath: document.layersPath)
        if let pdf = document.backgroundPDF, pdf.isTemporary, let resolved = pdf.resolved {
            try? FileManager.default.removeItem(atPath: resolved)
        }
    }
    checkImported(document)
    return 0
}
