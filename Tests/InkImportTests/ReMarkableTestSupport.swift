import Foundation
import InkModel
@testable import InkImport
import InkFixtures

enum ReMarkableTestFiles {
    static func temporaryDirectory() -> String { TestFolder.lastingPath() }

    static func write(_ bytes: [UInt8], to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Imports and reads the layers file back.
    static func importLayers(_ path: String, options: ImportOptions = ImportOptions(temporaryDirectory: NSTemporaryDirectory()),
                             pdfPageSize: ReMarkableImporter.PDFPageSize? = nil) throws -> (ImportedDocument, [PageLayer], InkLayersHeader) {
        let document = try ReMarkableImporter.read(path: path, options: options, pdfPageSize: pdfPageSize)
        defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
        let reader = try InkLayersReader(path: document.layersPath)
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        return (document, layers, reader.header)
    }

    static func isGlyph(_ stroke: Stroke) -> Bool {
        if case .object(let raw)? = stroke.extra["remarkable"], raw["glyphRange"] != nil { return true }
        return false
    }

    static func rawTool(_ stroke: Stroke) -> Int? {
        if case .object(let raw)? = stroke.extra["remarkable"], case .number(let text)? = raw["tool"] { return Int(text) }
        return nil
    }
}
