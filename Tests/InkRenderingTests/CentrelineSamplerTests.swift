import InkModel
import Testing
@testable import InkRendering

@Suite struct CentrelineSamplerTests {
    @Test func polylineSamplesStartAndEndAtTheGivenPoints() {
        let stroke = makeStroke(interpolation: .linear, [(10, 20), (40, 20), (40, 60)])
        let samples = CentrelineSampler.samples(of: stroke)
        #expect(samples.first?.position == Point(10, 20))
        #expect(samples.last?.position == Point(40, 60))
        // No gap between samples is wider than the sampling step.
        for (a, b) in zip(samples, samples.dropFirst()) {
            #expect(a.position.distance(to: b.position) <= CentrelineSampler.spacing + 1e-9)
        }
    }

    @Test func bSplineOfCollinearPointsStaysOnTheLine() {
        let stroke = makeStroke(interpolation: .bspline, [(0, 50), (10, 50), (20, 50), (30, 50), (40, 50)])
        let samples = CentrelineSampler.samples(of: stroke)
        #expect(samples.allSatisfy { abs($0.position.y - 50) < 1e-12 })
        // Interior control points are passed within the spline's averaging of their neighbours.
        #expect(samples.contains { abs($0.position.x - 20) < 0.5 })
    }

    @Test func bezierOfASegmentMatchesTheUniformBSplineFormula() {
        let p = [Point(0, 0), Point(6, 0), Point(12, 6), Point(18, 6)]
        let b = CentrelineSampler.bezierSegment(p, segment: 1)
        // B0 = (P0 + 4P1 + P2)/6 and B3 = (P1 + 4P2 + P3)/6.
        #expect(b.start == Point((0 + 24 + 12) / 6.0, (0 + 0 + 6) / 6.0))
        #expect(b.end == Point((6 + 48 + 18) / 6.0, (0 + 24 + 6) / 6.0))
    }

    @Test func attributesAreLinearBetweenControlPoints() {
        var stroke = makeStroke(interpolation: .linear, [(0, 0), (30, 0)])
        stroke.points[0].w = 2
        stroke.points[1].w = 8
        let samples = CentrelineSampler.samples(of: stroke)
        for s in samples {
            #expect(abs(s.width - (2 + 6 * s.position.x / 30)) < 1e-9)
        }
    }

    @Test func transformMovesPointsAndScalesSizes() {
        let stroke = makeStroke(size: 2, interpolation: .linear,
                                transform: StrokeTransform(a: 2, b: 0, c: 0, d: 2, tx: 100, ty: 5), [(0, 0), (10, 0)])
        let samples = CentrelineSampler.samples(of: stroke)
        #expect(samples.first?.position == Point(100, 5))
        #expect(samples.last?.position == Point(120, 5))
        #expect(samples.allSatisfy { abs($0.width - 4) < 1e-9 })
    }
}
