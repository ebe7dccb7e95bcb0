import Foundation
import InkFixtures
import InkModel
import Testing
@testable import InkRendering

private typealias Point = InkRendering.Point

/// The geometry's output, pinned: work on the geometry that is meant to make it cheaper
/// without changing what it draws must leave these bits as they are.
@Suite struct GeometryOutputTests {
    /// FNV-1a over every element of the drawings' paths (coordinates by their bits) and each paint.
    static func digest(_ drawings: [StrokeDrawing]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { hash = (hash ^ ((value >> UInt64(shift)) & 0xff)) &* 0x100_0000_01b3 }
        }
        func mix(_ p: Point) { mix(p.x.bitPattern); mix(p.y.bitPattern) }
        for drawing in drawings {
            for element in drawing.path.elements {
                switch element {
                case .move(let p): mix(1); mix(p)
                case .line(let p): mix(2); mix(p)
                case .curve(let a, let b, let p): mix(3); mix(a); mix(b); mix(p)
                case .close: mix(4)
                }
            }
            switch drawing.paint.style {
            case .fill: mix(5)
            case .stroke(let width): mix(6); mix(width.bitPattern)
            }
            mix(drawing.paint.color.alpha.bitPattern)
        }
        return hash
    }

    /// A page of the dense benchmark's handwriting (pen words, pencil underlines, marker
    /// highlights) over thirty text lines, and the ink sheet (every ink type).
    static func strokes() -> [Stroke] {
        let lines = (0..<30).map { Rect(x: 72, y: 90 + 24 * Double($0), width: 440, height: 10) }
        let page = PageLayout(number: 1, width: 595, height: 842, textLines: lines)
        return Benchmark.layer(for: page).strokes + ContentWriterSamples.inkSheetStrokes()
    }

    @Test func compactDrawingsAreTheOnesInkpdfWrote() {
        let drawings = Self.strokes().flatMap { InkStyle.drawings(for: $0).drawings }
        // Pinned before the fit worked on views and reused its residuals (same arithmetic,
        // same order); change it only with a commit that says why the output changed.
        #expect(String(Self.digest(drawings), radix: 16) == "1dee52f93ff0fe4a", "\(drawings.count) drawings")
    }

    /// A view into a longer run (at an offset, longer than a stack buffer holds, and short)
    /// gives the curves a copy of the same points gives.
    @Test func fittingAViewGivesTheCurvesOfACopy() {
        var random = SplitMix64(seed: 43)
        for length in [3, 5, 17, 40, 300] {
            var all = [Point(0, 0)]
            var heading = 0.0
            for _ in 0..<(length + 20) {
                heading += random.uniform(-0.5...0.5)
                all.append(all[all.count - 1] + Point(cos(heading), sin(heading)) * 0.75)
            }
            let run = Array(all[7..<(7 + length)])
            var copied = InkPath(), viewed = InkPath()
            copied.move(to: run[0])
            viewed.move(to: run[0])
            CurveFitter.appendFit(run, tolerance: 0.1, to: &copied)
            all.withUnsafeBufferPointer { CurveFitter.appendFit(UnsafeBufferPointer(rebasing: $0[7..<(7 + length)]), tolerance: 0.1, to: &viewed) }
            #expect(viewed == copied, "\(length) points")
            #expect(copied.elements.count > 1)
        }
    }
}
