@testable import InkModel

/// Strokes whose points are numbered, so that an erased piece is a range of
/// the original's points, as an eraser leaves it.
enum MergeFixtures {
    static func point(_ index: Int, of created: Double) -> StrokePoint {
        // x tells strokes apart by when they were made, folded into the coordinates a page can carry.
        StrokePoint(x: Double(index) * 2 + created.truncatingRemainder(dividingBy: 20_000), y: Double(index) + 10,
                    t: Double(index) * 0.01, w: 1.5, h: 1.5)
    }

    /// A stroke created at `created` with points `range` (the pieces of one gesture share `created`).
    static func stroke(_ created: Double, _ range: Range<Int> = 0..<20, id: String? = nil, ink: InkType = .pen,
                       mask: String? = nil) -> Stroke {
        Stroke(ink: Ink(type: ink, colorText: "#1F2A44", color: RGBAColor(hex: "#1F2A44")!), created: created, id: id,
               mask: mask, points: range.map { point($0, of: created) })
    }

    static func layer(_ page: Int, _ name: String?, _ strokes: [Stroke]) -> PageLayer {
        PageLayer(page: page, layer: name, strokes: strokes)
    }

    /// An unnamed layer.
    static func layer(_ page: Int, _ strokes: [Stroke]) -> PageLayer {
        PageLayer(page: page, strokes: strokes)
    }

    /// Writes a layers file with the writer.
    static func write(_ layers: [PageLayer], to path: String, header: InkLayersHeader = InkLayersHeader()) throws {
        let writer = try InkLayersWriter(path: path, compressionLevel: nil)
        try writer.write(header: header)
        for layer in layers { try writer.write(layer: layer) }
        try writer.close()
    }

    /// Merges the files into `output` and returns the report.
    static func merge(base: String?, local: String, remote: String, output: String) throws -> MergeReport {
        let writer = try InkLayersWriter(path: output, compressionLevel: nil)
        let report = try InkMerge.merge(base: base, local: local, remote: remote, to: writer)
        try writer.close()
        return report
    }
}
