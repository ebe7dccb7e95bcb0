import Foundation
import InkModel

/// Turns a stroke into what is drawn for it, ink by ink.
///
/// Opacity: a stroke is painted with one alpha, the colour's alpha times the
/// mean of its points' opacity (0 … 2, where 1 is normal), times the ink's
/// own factor, clamped to 0 … 1. One alpha per stroke, painted once, so that
/// a translucent stroke never darkens where it crosses itself.
public enum InkStyle {
    /// A stroke's drawings (usually one), and a warning when the ink is one this version
    /// does not know (it is drawn as `pen`) or its mask cannot be read (it is drawn unclipped).
    public static func drawings(for stroke: Stroke) -> (drawings: [StrokeDrawing], warning: String?) {
        var warning: String?
        var clip: InkPath?
        if let mask = stroke.mask {
            do {
                clip = try SVGPathParser.parse(mask, transform: stroke.transform ?? .identity)
            } catch {
                warning = "mask is not a path inkpdf can read (\(error)); the stroke is drawn unclipped"
            }
        }
        if case .unknown(let name) = stroke.ink.type {
            warning = "ink type '\(name)' is newer than this inkpdf; drawn as pen"
        }
        let samples = CentrelineSampler.samples(of: stroke)
        guard !samples.isEmpty else { return ([], warning) }
        let meanOpacity = samples.reduce(0) { $0 + $1.opacity } / Double(samples.count)
        let upright = Double.pi / 2
        let meanTilt = samples.reduce(0) { $0 + (1 - min(max($1.altitude, 0), upright) / upright) } / Double(samples.count)

        func paint(_ factor: Double, _ style: Paint.Style, _ blend: Paint.Blend = .over) -> Paint {
            var color = stroke.ink.color
            color.alpha = min(max(color.alpha * meanOpacity * factor, 0), 1)
            return Paint(color: color, style: style, blend: blend)
        }
        func outline(_ radius: (StrokeSample, Point) -> Double) -> InkPath {
            var heading = Point(1, 0)
            var radii: [Double] = []
            radii.reserveCapacity(samples.count)
            for (i, s) in samples.enumerated() {
                if i + 1 < samples.count {
                    let next = samples[i + 1].position
                    if next.distance(to: s.position) > 1e-9 { heading = VariableWidthOutline.direction(s.position, next) }
                }
                radii.append(radius(s, heading))
            }
            return VariableWidthOutline.outline(centre: samples.map(\.position), radii: radii)
        }
        let meanWidth = samples.reduce(0) { $0 + $1.width } / Double(samples.count)

        let drawing: StrokeDrawing
        switch stroke.ink.type {
        case .pen, .unknown:
            let fill = paint(1, .fill)
            // Opaque ink: overlaps cannot show, so stretches of nearly even width can be
            // centreline strokes, far fewer bytes than an outline; unless the width changes
            // so fast that the stretches get short.
            if fill.color.alpha >= 1, let runs = ConstantWidthRuns.drawings(samples, color: fill.color, clip: clip) {
                return (runs, warning)
            }
            drawing = StrokeDrawing(path: outline { s, _ in s.width / 2 }, paint: fill, clip: clip)
        case .monoline:
            drawing = StrokeDrawing(path: CentrelineSampler.centrelinePath(of: stroke),
                                    paint: paint(1, .stroke(width: meanWidth)), clip: clip)
        case .marker:
            // A highlighter multiplies: dark text under it stays dark.
            drawing = StrokeDrawing(path: CentrelineSampler.centrelinePath(of: stroke),
                                    paint: paint(1, .stroke(width: meanWidth), .multiply), clip: clip)
        case .pencil, .crayon:
            // Tilting the pencil lays the lead flat: a wider, lighter line.
            let grain = stroke.ink.type == .pencil ? 0.85 : 0.75
            let spread = stroke.ink.type == .pencil ? 1.0 : 1.15
            drawing = StrokeDrawing(path: outline { s, _ in
                                        let tilt = 1 - min(max(s.altitude, 0), upright) / upright
                                        return s.width / 2 * spread * (1 + tilt)
                                    },
                                    paint: paint(grain * (1 - 0.5 * meanTilt), .fill), clip: clip)
        case .watercolor:
            drawing = StrokeDrawing(path: outline { s, _ in s.width * 0.85 }, paint: paint(0.4, .fill), clip: clip)
        case .fountainPen, .reed:
            // A flat nib held at the azimuth: broad across it, thin along it.
            drawing = StrokeDrawing(path: outline { s, heading in
                                        let strokeAngle = atan2(heading.y, heading.x)
                                        let across = abs(sin(strokeAngle - s.azimuth))
                                        return s.width / 2 * (0.25 + 0.75 * across)
                                    },
                                    paint: paint(1, .fill), clip: clip)
        }
        return ([drawing], warning)
    }
}
