import CCairo

/// How a stroke's open ends are drawn (`cairo_line_cap_t`).
public enum CairoLineCap: Sendable {
    case butt, round, square

    var cairo: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// How a stroke's segments meet (`cairo_line_join_t`).
public enum CairoLineJoin: Sendable {
    case miter, round, bevel

    var cairo: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

/// Which points a filled path covers (`cairo_fill_rule_t`).
public enum CairoFillRule: Sendable {
    case winding, evenOdd

    var cairo: cairo_fill_rule_t {
        switch self {
        case .winding: CAIRO_FILL_RULE_WINDING
        case .evenOdd: CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}

/// How what is drawn combines with what is there (`cairo_operator_t`): the two inkpdf uses,
/// which both stay vector in cairo's PDF output.
public enum CairoOperator: Sendable {
    case over, multiply

    var cairo: cairo_operator_t {
        switch self {
        case .over: CAIRO_OPERATOR_OVER
        case .multiply: CAIRO_OPERATOR_MULTIPLY
        }
    }
}

/// A toy-font slant and weight (`cairo_font_slant_t`, `cairo_font_weight_t`).
public enum CairoFontSlant: Sendable { case normal, italic }
public enum CairoFontWeight: Sendable { case normal, bold }

/// A font's vertical metrics in user space (`cairo_font_extents_t`).
public struct CairoFontExtents: Sendable {
    public var ascent: Double, descent: Double, height: Double, maxXAdvance: Double, maxYAdvance: Double
}

/// A text's ink box and advance in user space (`cairo_text_extents_t`).
public struct CairoTextExtents: Sendable {
    public var xBearing: Double, yBearing: Double, width: Double, height: Double, xAdvance: Double, yAdvance: Double
}

/// One element of a path as cairo holds it (`cairo_path_data_t`), in user space.
public enum CairoPathElement: Sendable, Equatable {
    case move(x: Double, y: Double)
    case line(x: Double, y: Double)
    case curve(x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double)
    case close
}

/// The names of cairo's tags that inkpdf writes (`CAIRO_TAG_LINK`, `CAIRO_TAG_DEST`).
public enum CairoTag {
    public static let link = CAIRO_TAG_LINK
    public static let destination = CAIRO_TAG_DEST
}
