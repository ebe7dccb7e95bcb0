import Foundation
import InkFileSystem
import InkModel

/// An ink-layers file with its layers recognised (`LayerRecognition`), as a temporary ink-layers file to draw:
/// the header and every layer as they are, in their order, those without `text` entries given them.
enum RecognisedInkLayers {
    /// Writes `ink` recognised into a new file in `temporaryDirectory` and returns its path (the caller removes it).
    /// On error nothing is left behind.
    static func write(ink: String, recognition: LayerRecognition,
                      temporaryDirectory: String = NSTemporaryDirectory()) throws(ExportError) -> String {
        var path = (temporaryDirectory as NSString).appendingPathComponent("inkpdf-recognised-XXXXXX.ink.jsonl")
        do { try FileSystem.reserveUniqueName(from: &path, suffixLength: ".ink.jsonl".utf8.count) } catch {
            throw .writing(.writeFailed(path: temporaryDirectory, reason: error.description))
        }
        do {
            try LayersRevision.namingLastGoodRevision {
                let reader = try InkLayersReader(path: ink)
                let writer = try InkLayersWriter(path: path, compressionLevel: nil)
                try writer.write(header: reader.header)
                while var layer = try reader.nextLayer() {
                    recognition.recognise(&layer)
                    try writer.write(layer: layer)
                }
                try writer.close()
            }
            return path
        } catch {
            try? FileSystem.remove(path)
            throw Flattener.exportError(from: error, path: ink)
        }
    }
}
