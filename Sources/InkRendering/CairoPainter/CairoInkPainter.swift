import LibCairo
import InkModel

/// Draws `StrokeDrawing`s with cairo. The only place ink meets cairo.
public enum CairoInkPainter {
    /// Draws the strokes in order onto `context`, whose user space is the
    /// displayed page in points, origin top-left, y down. Leaves the context's
    /// state as it found it.
    ///
    /// Consecutive opaque strokes of one colour are drawn as one path per width
    /// (`OpaqueStrokeBatching`), the grain of consecutive strokes of one
    /// grained ink is painted once over their union (one pattern in the PDF),
    /// and the dots of consecutive stippled strokes of one colour once per level.
    /// Only OVER and MULTIPLY are used, with no groups and no image masks: both
    /// operators stay vector in cairo's PDF output (others force a fallback
    /// raster). Grained and stippled strokes take their tile from `textures`, which a caller
    /// keeps for a whole document so that each tile is embedded once.
    /// `snapping` false draws coordinates exactly (for the reference renderings fidelity is measured against).
    public static func draw(_ drawings: [StrokeDrawing], on context: borrowing CairoContext, textures: InkTextures, snapping: Bool = true) {
        context.save()
        context.setFillRule(.winding)
        context.setLineCap(.round)
        context.setLineJoin(.round)
        var currentCap: Paint.Cap = .round
        var currentBlend: Paint.Blend = .over
        context.setOperator(.over)
        // The union of consecutive grained fills without a mask, whose grain is painted once.
        var pendingGrain: (grain: Grain, region: InkPath)?
        func paintPendingGrain() {
            guard let pending = pendingGrain else { return }
            pendingGrain = nil
            context.save()
            append(pending.region, to: context, snapping: snapping)
            context.clip()
            paintGrain(pending.grain)
            context.restore()
        }
        func paintGrain(_ grain: Grain) {
            context.setSource(textures.pattern(for: grain))
            context.setOperator(.multiply)
            context.paint()
        }
        // The stretches of consecutive stippled fills of one colour without a mask, by level:
        // each level's dots are painted once through the union of its stretches. Opaque
        // dots of one colour show their union whatever their order, and a level's dots
        // include every lower level's, so where stretches overlap the denser level's show.
        var pendingStipple: (color: RGBAColor, levels: [Int: InkPath])?
        func paintPendingStipple() {
            guard let pending = pendingStipple else { return }
            pendingStipple = nil
            context.save()
            context.setOperator(.over)
            for level in pending.levels.keys.sorted() {
                context.save()
                append(pending.levels[level]!, to: context, snapping: snapping)
                context.clip()
                context.setSource(textures.stipplePattern(level: level, color: pending.color))
                context.paint()
                context.restore()
            }
            context.restore()
        }
        for drawing in OpaqueStrokeBatching.batched(drawings) {
            let stippleLevel: Int? = if case .stipple(let level)? = drawing.paint.grain, drawing.paint.style == .fill { level } else { nil }
            let joinsGrain = drawing.clip == nil && drawing.paint.style == .fill && drawing.paint.grain != nil
                && drawing.paint.grain == pendingGrain?.grain
            let joinsStipple = drawing.clip == nil && stippleLevel != nil && drawing.paint.color == pendingStipple?.color
            if !joinsGrain { paintPendingGrain() }
            if !joinsStipple { paintPendingStipple() }
            if let level = stippleLevel, drawing.clip == nil {
                let region = drawing.path.uniformlyOriented()
                if pendingStipple == nil { pendingStipple = (drawing.paint.color, [:]) }
                pendingStipple!.levels[level, default: InkPath()].append(region)
                continue
            }
            if drawing.paint.blend != currentBlend {
                currentBlend = drawing.paint.blend
                context.setOperator(cairoOperator(currentBlend))
            }
            if let clip = drawing.clip {
                context.save()
                append(clip, to: context, snapping: snapping)
                context.clip()
            }
            let c = drawing.paint.color
            context.setSourceRGBA(c.red, c.green, c.blue, c.alpha)
            append(drawing.path, to: context, snapping: snapping)
            switch (drawing.paint.style, drawing.paint.grain) {
            case (.fill, nil):
                context.fill()
            case (.fill, .stipple(let level)?):
                // Masked (unmasked ones were gathered above): the dots painted through the shape, within the mask.
                context.save()
                context.clip()
                context.setSource(textures.stipplePattern(level: level, color: drawing.paint.color))
                context.paint()
                context.restore()
            case (.fill, let grain?) where drawing.clip == nil:
                // The colour now; the grain (multiplied, so it only darkens) once over the
                // union of this and the next grained strokes: one pattern for all of them.
                context.fill()
                let region = drawing.path.uniformlyOriented()
                if pendingGrain == nil { pendingGrain = (grain, region) } else { pendingGrain?.region.append(region) }
            case (.fill, let grain?):
                // Masked: the shape is written once, as a clip within the mask, and the
                // colour and then the grain are painted through it.
                context.save()
                context.clip()
                context.paint()
                paintGrain(grain)
                context.restore()
            case (.stroke(let width), _):
                if drawing.paint.cap != currentCap {
                    currentCap = drawing.paint.cap
                    context.setLineCap(cairoCap(currentCap))
                }
                context.setLineWidth(width)
                context.stroke()
            }
            if drawing.clip != nil { context.restore() }
        }
        paintPendingGrain()
        paintPendingStipple()
        context.restore()
    }

    private static func cairoCap(_ cap: Paint.Cap) -> CairoLineCap {
        switch cap {
        case .round: .round
        case .butt: .butt
        case .square: .square
        }
    }

    private static func cairoOperator(_ blend: Paint.Blend) -> CairoOperator {
        switch blend {
        case .over: .over
        case .multiply: .multiply
        }
    }

    /// Replaces the context's current path with `path`, its coordinates on the
    /// grid the PDF content writer writes them on (`InkGrid`, 1/12 pt), so that a
    /// raster shows the ink as the PDF does.
    ///
    /// The corresponding C functions are `cairo_move_to`, `cairo_line_to`,
    /// `cairo_curve_to` and `cairo_close_path`.
    public static func append(_ path: InkPath, to context: borrowing CairoContext, snapping: Bool = true) {
        context.newPath()
        let units = Double(InkGrid.unitsPerPoint)
        @inline(__always) func g(_ v: Double) -> Double { snapping ? (v * units).rounded() / units : v }
        for element in path.elements {
            switch element {
            case .move(let p): context.moveTo(g(p.x), g(p.y))
            case .line(let p): context.lineTo(g(p.x), g(p.y))
            case .curve(let a, let b, let p): context.curveTo(g(a.x), g(a.y), g(b.x), g(b.y), g(p.x), g(p.y))
            case .close: context.closePath()
            }
        }
    }
}
