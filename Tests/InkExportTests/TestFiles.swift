import Foundation
import InkModel

/// A temporary folder for one test, removed when the value is released.
final class TestFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Names of the files in the folder, sorted (hidden temporaries included).
    var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    func write(_ text: String, to name: String) -> String {
        let target = path(name)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes an ink-layers file with the given layers (plain, or gzip at level 6).
    @discardableResult
    func writeInk(_ name: String, header: InkLayersHeader = InkLayersHeader(), layers: [PageLayer], gzip: Bool = false) -> String {
        let target = path(name)
        let writer = try! InkLayersWriter(path: target, compressionLevel: gzip ? 6 : nil)
        try! writer.write(header: header)
        for layer in layers { try! writer.write(layer: layer) }
        try! writer.close()
        return target
    }
}

/// A straight red pen stroke through `points` (polyline) of nib size `size`.
func redStroke(_ points: [(Double, Double)], size: Double = 6, created: Double = 1_764_460_000) -> Stroke {
    Stroke(ink: Ink(type: .pen, colorText: "#FF0000FF", color: RGBAColor(red: 1, green: 0, blue: 0)),
           created: created, interpolation: .linear,
           points: points.enumerated().map { index, p in
               StrokePoint(x: p.0, y: p.1, t: Double(index) / 60, w: size, h: size, opacity: 1, force: 1,
                           azimuth: 0, altitude: .pi / 2)
           })
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
