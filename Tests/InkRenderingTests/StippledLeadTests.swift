import InkModel
import Testing
@testable import InkRendering

/// A stippled lead (`Ink.isStippled`): dots over the share of the paper each point's opacity gives.
@Suite struct StippledLeadTests {
    static func stippled(_ stroke: Stroke) -> Stroke {
        var stroke = stroke
        stroke.ink.setStippled()
        return stroke
    }

    @Test func eachLevelCoversItsShareAndHoldsEveryLowerLevelsDots() {
        var previous: [UInt8]?
        for level in 0...Grain.stippleLevels {
            let tile = GrainTile(.stipple(level: level))
            let dots = tile.levels.filter { $0 == 0 }.count
            #expect(tile.levels.allSatisfy { $0 == 0 || $0 == 255 }, "level \(level): dots or paper, nothing between")
            #expect(dots * Grain.stippleLevels == tile.size * tile.size * level, "level \(level): \(dots) dots")
            if let previous {
                #expect(zip(previous, tile.levels).allSatisfy { $0 != 0 || $1 == 0 }, "level \(level) keeps level \(level - 1)'s dots")
            }
            previous = tile.levels
        }
        // Scattered, not clustered: a dot's right neighbour is a dot about as often as any pixel is.
        let half = GrainTile(.stipple(level: Grain.stippleLevels / 2))
        var pairs = 0, both = 0
        for y in 0..<half.size {
            for x in 0..<(half.size - 1) where half.levels[y * half.size + x] == 0 {
                pairs += 1
                if half.levels[y * half.size + x + 1] == 0 { both += 1 }
            }
        }
        #expect(abs(Double(both) / Double(pairs) - 0.5) < 0.03, "P(right neighbour is a dot) \(Double(both) / Double(pairs))")
    }

    @Test func stretchesMeetAtASampleAndKeepTheirCoverageWithinTheBand() {
        // A ramp from nothing to all, then a jump down and a flat stretch.
        let coverage = (0...40).map { Double($0) / 40 } + [0.2, 0.21, 0.19, 0.2]
        let runs = StippledLead.runs(coverage)
        #expect(runs.first?.start == 0 && runs.last?.end == coverage.count - 1)
        for (a, b) in zip(runs, runs.dropFirst()) {
            #expect(a.end == b.start, "stretches \(a) and \(b) share their sample")
            #expect(a.level != b.level, "neighbours of one level are joined")
        }
        // Every sample is drawn within half the band and half a level of its own share (a stretch
        // of a single segment whose ends differ by more than the band aside).
        let step = 1 / Double(Grain.stippleLevels)
        for run in runs where run.end - run.start > 1 {
            for share in coverage[run.start...run.end] {
                #expect(abs(Double(run.level) * step - share) <= StippledLead.coverageBand / 2 + step / 2 + 1e-12, "\(run): \(share)")
            }
        }
        #expect(runs.last?.level == 3, "the flat 0.2 stretch is drawn at 3/16")
    }

    @Test func aStippledPencilIsDotsByOpacityAndAPlainOneIsAsBefore() {
        var light = makeStroke(.pencil, color: "#336699FF", size: 3, [(10, 20), (60, 20), (110, 20)])
        light.points[0].opacity = 0
        light.points[1].opacity = 0.5
        light.points[2].opacity = 1
        let plain = InkStyle.drawings(for: light).drawings
        #expect(plain.count == 1 && plain[0].paint.grain == .pencil)
        let dots = InkStyle.drawings(for: Self.stippled(light)).drawings
        #expect(dots.count >= 8, "a ramp from nothing to solid in stretches: \(dots.count)")
        let levels = dots.map { drawing -> Int in
            guard case .stipple(let level)? = drawing.paint.grain else { return -1 }
            return level
        }
        #expect(levels == levels.sorted() && levels.first! >= 1 && levels.last! == Grain.stippleLevels, "\(levels)")
        // The colour is the ink's: how much paper is covered is the dots' business.
        #expect(dots.allSatisfy { $0.paint.color == light.ink.color && $0.paint.style == .fill && $0.paint.blend == .over })

    }

    @Test func stretchesMeetEdgeToEdgeSoATranslucentColourShowsNoBeads() {
        // A translucent stippled ramp along a curve: where stretches of two levels meet, each
        // pixel has the dots of one level, so no pixel is darker than solid ink at that alpha
        // would make it (dots laid twice would be), and the stroke has no gap across it.
        var stroke = Self.stippled(makeStroke(.pencil, color: "#00000080", size: 8, [(10, 40), (60, 15), (110, 40)]))
        stroke.interpolation = .bspline
        for index in stroke.points.indices { stroke.points[index].opacity = 0.3 + 0.35 * Double(index) }
        let drawings = InkStyle.drawings(for: stroke).drawings
        #expect(drawings.count >= 5, "a ramp in stretches: \(drawings.count)")
        let canvas = RasterCanvas(width: 480, height: 200, scale: 4)
        canvas.draw([stroke])
        var darkest = 255
        for y in 0..<200 { for x in 0..<480 { darkest = min(darkest, canvas.pixel(x, y).r) } }
        // 50 % black over white: 127 or 128; twice over it would be 64.
        #expect(darkest >= 120, "the darkest pixel is \(darkest): dots laid twice somewhere")
        // Even, it is one stretch.
        let solid = InkStyle.drawings(for: {
            var s = stroke
            s.ink.color.alpha = 1
            for index in s.points.indices { s.points[index].opacity = 1 }
            return s
        }()).drawings
        #expect(solid.count == 1, "an even stroke is one stretch")
    }

    @Test func cairoLaysAsManyDotsAsTheOpacityAsksAndNothingBeyondTheStroke() {
        // Three strokes at a quarter, a half and all of the paper; 4 px a point.
        let canvas = RasterCanvas(width: 480, height: 240, scale: 4)
        let shares = [0.25, 0.5, 1.0]
        let strokes = shares.enumerated().map { index, share in
            Self.stippled(makeStroke(.pencil, size: 8, opacity: share, [(10, 15 + 20 * Double(index)), (110, 15 + 20 * Double(index))]))
        }
        canvas.draw(strokes)
        for (index, share) in shares.enumerated() {
            // The stroke's middle: 80 × 4 pt.
            let y0 = 4 * (13 + 20 * index), x0 = 4 * 20
            var dark = 0.0
            for y in y0..<(y0 + 16) { for x in x0..<(x0 + 320) { dark += 1 - Double(canvas.pixel(x, y).r) / 255 } }
            let mean = dark / (16 * 320)
            #expect(abs(mean - share) < 0.05, "opacity \(share): \(mean) of the paper darkened")
        }
        // Nothing more than 0.5 pt beyond the strokes' 4 pt radius.
        let bands = [15.0, 35, 55].map { (4 * ($0 - 4.5))...(4 * ($0 + 4.5)) }
        var stray = 0
        for y in 0..<240 where !bands.contains(where: { $0.contains(Double(y) + 0.5) }) {
            for x in 0..<480 where canvas.isInked(x, y) { stray += 1 }
        }
        for y in 0..<240 {
            for x in 0..<480 where canvas.isInked(x, y) && !(4 * 5.5...4 * 114.5).contains(Double(x) + 0.5) { stray += 1 }
        }
        #expect(stray == 0, "\(stray) pixels inked beyond the strokes")
    }
}
