import Foundation
import InkModel

/// Turns a stroke into what is drawn for it, ink by ink.
///
/// Opacity: a stroke is painted with one alpha, the colour's alpha times the
/// mean of its points' opacity (0 … 2, where 1 is normal), times the ink's
/// own factor, clamped to 0 … 1. One alpha per stroke, painted once (one
/// non-zero fill of its outline, or one stroke of its centreline), so that a
/// translucent stroke never darkens where it crosses itself.
///
/// Sizes: a point's `w` is the nib's width in points; how each ink turns it
/// into a drawn width is said at each ink below.
///
/// An ink whose extension keys ask for plain lines (`LineStyle`: constant or
/// per-segment widths, caps) is drawn as those lines instead of by its nib. A
/// stippled `pencil` or `crayon` (`Ink.isStippled`) is drawn as dots whose share
/// of the paper follows each point's opacity (`StippledLead`), not with one alpha.
public enum InkStyle {
    /// A stroke's drawings (usually one), and a warning when the ink is one this version
    /// does not know (it is drawn as `pen`) or its mask cannot be read (it is drawn unclipped).
    /// How closely drawings follow the geometry.
    public enum Quality: Sendable {
        /// Outlines fitted with cubic Béziers within 0.1 pt: what inkpdf writes.
        case compact
        /// Centrelines sampled every 0.05 pt and outlines as polylines through every
        /// sample, no fitting, no centreline runs: large; the reference `compact` is measured against.
        case reference
    }

    public static func drawings(for stroke: Stroke, quality: Quality = .compact) -> (drawings: [StrokeDrawing], warning: String?) {
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
        let samples = CentrelineSampler.samples(of: stroke, spacing: quality == .reference ? 0.05 : CentrelineSampler.spacing)
        guard !samples.isEmpty else { return ([], warning) }
        if let line = LineStyle(stroke.ink) {
            return (LineDrawings.drawings(stroke, style: line, samples: samples, clip: clip, fitted: quality == .compact), warning)
        }
        return (drawings(stroke.ink, samples, clip: clip, fitted: quality == .compact), warning)
    }

    /// How far a pen leans from upright, 0 (upright) … 1 (flat on the paper).
    static func tilt(_ s: StrokeSample) -> Double {
        1 - min(max(s.altitude, 0), .pi / 2) / (.pi / 2)
    }

    private static func drawings(_ ink: Ink, _ samples: [StrokeSample], clip: InkPath?, fitted: Bool) -> [StrokeDrawing] {
        let count = Double(samples.count)
        // One pass for the means and the centreline (each sum in sample order, as three reductions would add it).
        var opacitySum = 0.0, widthSum = 0.0
        var centre: [Point] = []
        centre.reserveCapacity(samples.count)
        for sample in samples {
            opacitySum += sample.opacity
            widthSum += sample.width
            centre.append(sample.position)
        }
        let meanOpacity = opacitySum / count
        let meanWidth = widthSum / count
        // Only the pencil and crayon use the lean.
        var meanTilt: Double { samples.reduce(0) { $0 + tilt($1) } / count }

        func paint(_ factor: Double, _ style: Paint.Style, _ blend: Paint.Blend = .over, grain: Grain? = nil) -> Paint {
            var color = ink.color
            color.alpha = min(max(color.alpha * meanOpacity * factor, 0), 1)
            return Paint(color: color, style: style, blend: blend, grain: grain)
        }
        func outline(_ nib: (StrokeSample) -> Nib) -> InkPath {
            VariableWidthOutline.outline(centre: centre, nibs: samples.map(nib), fitted: fitted)
        }

        switch ink.type {
        case .pen, .unknown:
            // A round nib as wide as the point's size.
            let fill = paint(1, .fill)
            // Opaque ink: overlaps cannot show, so stretches of nearly even width can be
            // centreline strokes, far fewer bytes than an outline; unless the width changes
            // so fast that the stretches get short.
            if fitted, fill.color.alpha >= 1,
               let runs = ConstantWidthRuns.drawings(positions: centre, widths: samples.lazy.map(\.width), color: fill.color, clip: clip) {
                return runs
            }
            return [StrokeDrawing(path: outline { .round(radius: $0.width / 2) }, paint: fill, clip: clip)]
        case .monoline:
            // One width for the whole stroke (the mean size): one stroke of the fitted centreline.
            var line = InkPath()
            line.move(to: centre[0])
            if centre.count == 1 { line.line(to: centre[0]) }
            for p in centre.dropFirst() { line.line(to: p) }
            return [StrokeDrawing(path: fitted ? ConstantWidthRuns.centreline(centre) : line, paint: paint(1, .stroke(width: meanWidth)), clip: clip)]
        case .marker:
            // A chisel as long as the size across the azimuth and half that along it, or as
            // thin as the points' `h` where that is thinner (a rectangular tip, as OneNote's
            // highlighter records it), held at one angle for the stroke (a highlighter does not
            // twist mid-line). Multiplied: dark text under it stays dark, and paper takes the ink's colour.
            let meanHeight = samples.reduce(0) { $0 + $1.height } / count
            let chisel = ChiselOutline.Chisel(length: meanWidth, thickness: min(meanWidth / 2, meanHeight),
                                              angle: meanAngle(samples.map(\.azimuth)))
            return [StrokeDrawing(path: ChiselOutline.outline(centre: centre, chisel: chisel, fitted: fitted),
                                  paint: paint(1, .fill, .multiply), clip: clip)]
        case .pencil, .crayon:
            // The lead's footprint: round when upright; tilting lays it down along the
            // azimuth, a longer and somewhat wider ellipse, and lighter (less pressure per area).
            let isPencil = ink.type == .pencil
            let spread = isPencil ? 1.0 : 1.15
            func lead(_ s: StrokeSample) -> Nib {
                let r = s.width / 2 * spread, t = tilt(s)
                return Nib(major: r * (1 + 1.5 * t), minor: r * (1 + 0.4 * t), angle: s.azimuth)
            }
            if ink.isStippled {
                // Dots over the share of the paper each point's opacity gives (a lean spreads
                // the lead thinner), in stretches of nearly even share.
                return StippledLead.drawings(centre: centre, nibs: samples.map(lead),
                                             coverage: samples.map { min(max($0.opacity, 0), 1) * (1 - 0.5 * tilt($0)) },
                                             color: ink.color, clip: clip, fitted: fitted)
            }
            let factor = (isPencil ? 0.8 : 0.9) * (1 - 0.5 * meanTilt)
            return [StrokeDrawing(path: outline(lead), paint: paint(factor, .fill, grain: isPencil ? .pencil : .crayon), clip: clip)]
        case .watercolor:
            // A wide soft brush (1.7 × the size), thin paint: strokes laid over each other build up.
            return [StrokeDrawing(path: outline { .round(radius: $0.width * 0.85) }, paint: paint(0.4, .fill), clip: clip)]
        case .fountainPen, .reed:
            // A broad nib: its edge, as long as the size, lies across the azimuth (the
            // barrel's direction), so the line is broad when drawn across the edge and
            // thin along it. A reed is cut flatter than a steel nib.
            let flatness = ink.type == .reed ? 0.18 : 0.3
            let drawing = StrokeDrawing(path: outline { s in
                                            Nib(major: s.width / 2, minor: s.width / 2 * flatness, angle: s.azimuth + .pi / 2)
                                        },
                                        paint: paint(1, .fill), clip: clip)
            return [drawing]
        }
    }

    /// The mean direction of angles (radians), wrapping round 2π.
    static func meanAngle(_ angles: [Double]) -> Double {
        let x = angles.reduce(0) { $0 + cos($1) }, y = angles.reduce(0) { $0 + sin($1) }
        return x == 0 && y == 0 ? 0 : atan2(y, x)
    }
}
