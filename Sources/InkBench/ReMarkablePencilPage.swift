import Foundation
import InkFixtures
import InkModel

/// A notebook page written all over with the tablet's pencils, as a desktop app `.rmdoc`:
/// the dense benchmark's handwriting (`Benchmark.layer(for:strokeCount:)`) laid out on the
/// tablet's paper (1404 × 1872 units, 226 an inch), every stroke a version 6 line of the
/// pencil (every fourth of the mechanical pencil). Like the tablet, each stroke's pressure
/// starts at nothing and follows the hand's after; speed is the distance between points.
/// What the PDF size and time of stippled pencil are measured on.
public enum ReMarkablePencilPage {
    static let pointsPerUnit = 72.0 / 226

    public static func write(strokes count: Int, to archive: String) throws {
        let layout = XournalBenchmark.layout(number: 1, width: 1404 * pointsPerUnit, height: 1872 * pointsPerUnit)
        let layer = Benchmark.layer(for: layout, strokeCount: count)
        var b = LinesV6Builder()
        let parent: (UInt8, UInt64) = (0, 11)
        b.layer(parent, name: "Layer 1", item: (0, 12))
        var item: UInt64 = 20
        for (index, stroke) in layer.strokes.enumerated() where !stroke.points.isEmpty {
            let forceMax = max(stroke.points.map(\.force).max() ?? 1, 0.01)
            var points: [LinesV6Builder.Point] = []
            var previous: StrokePoint?
            for (n, p) in stroke.points.enumerated() {
                let distance = previous.map { hypot($0.x - p.x, $0.y - p.y) / pointsPerUnit } ?? 0
                previous = p
                let pressure = n == 0 ? 0 : min(0.25 + 0.7 * p.force / forceMax, 1)
                points.append(.init(x: Float(p.x / pointsPerUnit - 702), y: Float(p.y / pointsPerUnit),
                                    speed: UInt16(min(distance * 4, 400).rounded()),
                                    width: UInt16(min(max(p.w / pointsPerUnit * 4, 16), 60).rounded()),
                                    direction: 0, pressure: UInt8((pressure * 255).rounded())))
            }
            b.line(parent: parent, item: (1, item), left: (1, item - 1), tool: index % 4 == 3 ? 13 : 14, color: 0, thickness: 2, points: points)
            item += 1
        }
        let folder = archive + ".folder"
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tablet = TabletFolderWriter(folder: folder)
        let id = TabletFolderWriter.id(2000)
        try tablet.document(id: id, name: "Pencils", pages: [.init(lines: b.bytes)])
        try? FileManager.default.removeItem(atPath: archive)
        try tablet.archive(id: id, to: archive)
    }
}
