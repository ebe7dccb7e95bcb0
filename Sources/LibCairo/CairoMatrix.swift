import CCairo

/// An affine transformation as cairo holds one: a point (x, y) goes to
/// (xx·x + xy·y + x0, yx·x + yy·y + y0).
public struct CairoMatrix: Sendable, Equatable {
    public var xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double

    /// The corresponding C function is `cairo_matrix_init`.
    public init(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
        (self.xx, self.yx, self.xy, self.yy, self.x0, self.y0) = (xx, yx, xy, yy, x0, y0)
    }

    /// A scaling by `sx`, `sy`. The corresponding C function is `cairo_matrix_init_scale`.
    public static func scale(_ sx: Double, _ sy: Double) -> CairoMatrix {
        CairoMatrix(xx: sx, yx: 0, xy: 0, yy: sy, x0: 0, y0: 0)
    }

    var cairo: cairo_matrix_t { cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0) }
}
