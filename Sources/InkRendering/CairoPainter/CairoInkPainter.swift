import CCairo
import InkModel

/// Draws `StrokeDrawing`s with cairo. The only place ink meets cairo.
public enum CairoInkPainter {
    /// Draws the strokes in order onto `context`, whose user space is the
    /// displayed page in points, origin top-left, y down. Leaves the context's
    /// state as it found it.
    ///
    /// Consecutive opaque strokes of one colour are drawn as one path per width
    /// (`OpaqueStrokeBatching`), and the grain of consecutive strokes of one
    /// grained ink is painted once over their union (one pattern in the PDF).
    /// Only OVER and MULTIPLY are used, with no groups and no image masks: both
    /// operators stay vector in cairo's PDF output (others force a fallback
    /// raster). Grained strokes take their tile from `textures`, which a caller
    /// keeps for a whole document so that each tile is embedded once.
    /// `snapping` false draws coordinates exactly (for the reference renderings fidelity is measured against).
    public static func draw(_ drawings: [StrokeDrawing], on context: OpaquePointer, textures: InkTextures, snapping: Bool = true) {
        cairo_save(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        var currentCap: Paint.Cap = .round
        var currentBlend: Paint.Blend = .over
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        // The union of consecutive grained fills without a mask, whose grain is painted once.
        var pendingGrain: (grain: Grain, region: InkPath)?
        func paintPendingGrain() {
            guard let pending = pendingGrain else { return }
            pendingGrain = nil
            cairo_save(context)
            append(pending.region, to: context, snapping: snapping)
            cairo_clip(context)
            paintGrain(pending.grain)
            cairo_restore(context)
        }
        func paintGrain(_ grain: Grain) {
            cairo_set_source(context, textures.pattern(for: grain))
            cairo_set_operator(context, CAIRO_OPERATOR_MULTIPLY)
            cairo_paint(context)
        }
        for drawing in OpaqueStrokeBatching.batched(drawings) {
            let joinsGrain = drawing.clip == nil && drawing.paint.style == .fill && drawing.paint.grain != nil
                && drawing.paint.grain == pendingGrain?.grain
            if !joinsGrain { paintPendingGrain() }
            if drawing.paint.blend != currentBlend {
                currentBlend = drawing.paint.blend
                cairo_set_operator(context, cairoOperator(currentBlend))
            }
            if let clip = drawing.clip {
                cairo_save(context)
                append(clip, to: context, snapping: snapping)
                cairo_clip(context)
            }
            let c = drawing.paint.color
            cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
            append(drawing.path, to: context, snapping: snapping)
            switch (drawing.paint.style, drawing.paint.grain) {
            case (.fill, nil):
                cairo_fill(context)
            case (.fill, let grain?) where drawing.clip == nil:
                // The colour now; the grain (multiplied, so it only darkens) once over the
                // union of this and the next grained strokes: one pattern for all of them.
                cairo_fill(context)
                let region = drawing.path.uniformlyOriented()
                if pendingGrain == nil { pendingGrain = (grain, region) } else { pendingGrain?.region.append(region) }
            case (.fill, let grain?):
                // Masked: the shape is written once, as a clip within the mask, and the
                // colour and then the grain are painted through it.
                cairo_save(context)
                cairo_clip(context)
                cairo_paint(context)
                paintGrain(grain)
                cairo_restore(context)
            case (.stroke(let width), _):
                if drawing.paint.cap != currentCap {
                    currentCap = drawing.paint.cap
                    cairo_set_line_cap(context, cairoCap(currentCap))
                }
                cairo_set_line_width(context, width)
                cairo_stroke(context)
            }
            if drawing.clip != nil { cairo_restore(context) }
        }
        paintPendingGrain()
        cairo_restore(context)
    }

    private static func cairoCap(_ cap: Paint.Cap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .butt: CAIRO_LINE_CAP_BUTT
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }

    private static func cairoOperator(_ blend: Paint.Blend) -> cairo_operator_t {
        switch blend {
        case .over: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        }
    }

    /// Replaces the context's current path with `path`, its coordinates on the
    /// grid the PDF content writer writes them on (`InkGrid`, 1/12 pt), so that a
    /// raster shows the ink as the PDF does.
    ///
    /// The corresponding C functions are `cairo_move_to`, `cairo_line_to`,
    /// `cairo_curve_to` and `cairo_close_path`.
    public static func append(_ path: InkPath, to context: OpaquePointer, snapping: Bool = true) {
        cairo_new_path(context)
        let units = Double(InkGrid.unitsPerPoint)
        @inline(__always) func g(_ v: Double) -> Double { snapping ? (v * units).rounded() / units : v }
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(context, g(p.x), g(p.y))
            case .line(let p): cairo_line_to(context, g(p.x), g(p.y))
            case .curve(let a, let b, let p): cairo_curve_to(context, g(a.x), g(a.y), g(b.x), g(b.y), g(p.x), g(p.y))
            case .close: cairo_close_path(context)
            }
        }
    }
}
