import InkFixtures
import Foundation
@testable import InkModel

/// Helpers that put ink-layers text into files and read it back.
enum InkFiles {
    static let header = #"{"format":"inkpdf-layers","version":1}"#
    static let stroke = ##"{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}"##

    static func layerLine(page: Int, layer: String? = nil, strokes: String = stroke) -> String {
        let name = layer.map { #","layer":"\#($0)""# } ?? ""
        return #"{"page":\#(page)\#(name),"strokes":[\#(strokes)]}"#
    }

    /// Writes `text` to `path`, gzip-compressed at level 6 if asked to (with zlib, through the writer's sink).
    static func write(_ text: String, to path: String, gzip: Bool = false) throws {
        try write(Array(text.utf8), to: path, gzip: gzip)
    }

    static func write(_ bytes: [UInt8], to path: String, gzip: Bool = false) throws {
        let output = try FileOutput(path: path, compressionLevel: gzip ? 6 : nil)
        try bytes.withUnsafeBytes { try output.write($0) }
        try output.close()
    }

    /// Parses one layer line as line 14 of `notes.ink.jsonl`.
    static func parse(_ line: String) throws -> PageLayer {
        var line = line
        return try line.withUTF8 { try InkLayersReader.parseLayer(UnsafeRawBufferPointer($0), file: "notes.ink.jsonl", line: 14) }
    }

    static func scanPage(_ line: String) throws -> Int {
        var line = line
        return try line.withUTF8 { try InkLayersReader.scanPage(UnsafeRawBufferPointer($0), file: "notes.ink.jsonl", line: 14) }
    }

    /// Every layer of the file, via `nextLayer`.
    static func readAll(_ path: String) throws -> (InkLayersHeader, [PageLayer]) {
        let reader = try InkLayersReader(path: path)
        var layers: [PageLayer] = []
        while let layer = try reader.nextLayer() { layers.append(layer) }
        return (reader.header, layers)
    }

    /// The message of the error `body` throws, or nil.
    static func message(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
