import CCairo

extension CairoContext {
    /// Selects a toy font by family, slant and weight. The corresponding C function is `cairo_select_font_face`.
    public func selectFontFace(_ family: String, slant: CairoFontSlant, weight: CairoFontWeight) {
        withUnsafeHandle {
            cairo_select_font_face($0, family, slant == .italic ? CAIRO_FONT_SLANT_ITALIC : CAIRO_FONT_SLANT_NORMAL,
                                   weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        }
    }

    /// The corresponding C function is `cairo_set_font_face` (the context takes its own reference).
    public func setFontFace(_ face: CairoFontFace) {
        withUnsafeHandle { context in face.withUnsafeHandle { cairo_set_font_face(context, $0) } }
    }

    /// The corresponding C function is `cairo_set_font_size`.
    public func setFontSize(_ size: Double) { withUnsafeHandle { cairo_set_font_size($0, size) } }

    /// Turns hinted glyph metrics (advances rounded to whole device units) on or off.
    ///
    /// The corresponding C functions are `cairo_font_options_create`, `cairo_font_options_set_hint_metrics`,
    /// `cairo_set_font_options` and `cairo_font_options_destroy`.
    public func setHintMetrics(_ on: Bool) {
        guard let options = cairo_font_options_create() else { return }
        cairo_font_options_set_hint_metrics(options, on ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        withUnsafeHandle { cairo_set_font_options($0, options) }
        cairo_font_options_destroy(options)
    }

    /// The current font's metrics. The corresponding C function is `cairo_font_extents`.
    public func fontExtents() -> CairoFontExtents {
        var extents = cairo_font_extents_t()
        withUnsafeHandle { cairo_font_extents($0, &extents) }
        return CairoFontExtents(ascent: extents.ascent, descent: extents.descent, height: extents.height,
                                maxXAdvance: extents.max_x_advance, maxYAdvance: extents.max_y_advance)
    }

    /// `text`'s extents in the current font. The corresponding C function is `cairo_text_extents`.
    public func textExtents(_ text: String) -> CairoTextExtents {
        var extents = cairo_text_extents_t()
        withUnsafeHandle { cairo_text_extents($0, text, &extents) }
        return CairoTextExtents(xBearing: extents.x_bearing, yBearing: extents.y_bearing, width: extents.width,
                                height: extents.height, xAdvance: extents.x_advance, yAdvance: extents.y_advance)
    }

    /// Draws `text` from the current point. The corresponding C function is `cairo_show_text`.
    public func showText(_ text: String) { withUnsafeHandle { cairo_show_text($0, text) } }
}
