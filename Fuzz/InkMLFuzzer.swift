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
    for page in document.pages where !(InkRange.isPageSide(page.width) && InkRange.isPageSide(page.height)) {
        fatalError("a page of \(page.width) × \(page.height) reached the model")
    }
    // What the importer wrote reads back, and every point keeps InkRange.
    do {
        let reader = try InkLayersReader(path: document.layersPath)
        while let layer = try reader.nextLayer() {
            guard layer.page >= 1, layer.page <= document.pages.count else { fatalError("ink for page \(layer.page) of \(document.pages.count)") }
            for stroke in layer.strokes {
                for point in stroke.points where !point.isValid {
                    fatalError("a point outside InkRange in an imported stroke: \(point)")
                }
            }
        }
    } catch {
        fatalError("the layers the importer wrote do not read back: \(error)")
    }
    return 0
}
