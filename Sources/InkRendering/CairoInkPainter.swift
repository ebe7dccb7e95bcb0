import CCairo
import InkModel

/// Draws `StrokeDrawing`s with cairo. The only place ink meets cairo.
public enum CairoInkPainter {
    /// Draws the strokes in order onto `context`, whose user space is the
    /// displayed page in points, origin top-left, y down. Leaves the context's
    /// state as it found it.
    ///
    /// Only OVER and MULTIPLY are used: both stay vector in cairo's PDF output
    /// (other operators force a fallback raster).
    public static func draw(_ drawings: [StrokeDrawing], on context: OpaquePointer) {
        cairo_save(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        var currentBlend: Paint.Blend = .over
        cairo_set_operator(context, CAIRO_OPERATOR_OVER)
        for drawing in drawings {
            if drawing.paint.blend != currentBlend {
                currentBlend = drawing.paint.blend
                cairo_set_operator(context, currentBlend == .multiply ? CAIRO_OPERATOR_MULTIPLY : CAIRO_OPERATOR_OVER)
            }
            if let clip = drawing.clip {
                cairo_save(context)
                append(clip, to: context)
                cairo_clip(context)
            }
            let c = drawing.paint.color
            cairo_set_source_rgba(context, c.red, c.green, c.blue, c.alpha)
            append(drawing.path, to: context)
            switch drawing.paint.style {
            case .fill:
                cairo_fill(context)
            case .stroke(let width):
                cairo_set_line_width(context, width)
                cairo_stroke(context)
            }
            if drawing.clip != nil { cairo_restore(context) }
        }
        cairo_restore(context)
    }

    /// Replaces the context's current path with `path`.
    ///
    /// The corresponding C functions are `cairo_move_to`, `cairo_line_to`,
    /// `cairo_curve_to` and `cairo_close_path`.
    public static func append(_ path: InkPath, to context: OpaquePointer) {
        cairo_new_path(context)
        @inline(__always) func g(_ v: Double) -> Double { (v * 16).rounded() / 16 }
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
