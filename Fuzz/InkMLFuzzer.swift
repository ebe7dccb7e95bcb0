// A libFuzzer target for the InkML importer (plain or gzip XML `.inkml`): every input is
// written to a file in a private folder and read as a document, as `inkpdf convert` would,
// with a small expansion limit so that a bomb ends fast; any outcome but a document or a
// thrown error (a crash, a trap, a hang, unbounded memory) is a finding, and so is a document
// whose pages or points carry a number outside InkRange. Built and run by
// `scripts/fuzz.sh SECONDS inkml`, seeded with hand-written documents (every element, channel
// kind and encoding) and any `.inkml` of the corpus. Compiled together with Sources/InkModel,
// the importer's files of Sources/InkImport and the two of Sources/InkFileSystem it uses
// (see scripts/fuzz.sh), so no import of the project's modules is needed.
import Foundation

private let folder: String = {
    let path = NSTemporaryDirectory() + "inkpdf-inkml-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkML(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = folder + "/input.inkml"
    guard FileManager.default.createFile(atPath: input, contents: Data(bytes: data, count: count)) else { return 0 }
    let options = ImportOptions(maximumExpandedBytes: 8 << 20, temporaryDirectory: folder)
    guard let document = try? InkMLImporter.read(path: input, options: options) else { return 0 }
    defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
    guard !document.pages.isEmpty else { fatalError("a document without pages") }
    checkImported(document)
    return 0
}
