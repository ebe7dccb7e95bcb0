import CCairo

/// A cairo source pattern (`cairo_pattern_t`): here, a surface painted as a source. Owns one
/// reference, released exactly once in `deinit`; a context it is set on takes its own.
public final class CairoPattern {
    private let handle: OpaquePointer

    /// How the pattern fills the space beyond its surface (`cairo_extend_t`).
    public enum Extend: Sendable { case none, `repeat`, reflect, pad }
    /// How its pixels are sampled (`cairo_filter_t`).
    public enum Filter: Sendable { case fast, good, best, nearest, bilinear }

    /// A pattern of `surface` (which the pattern keeps alive).
    /// The corresponding C function is `cairo_pattern_create_for_surface`.
    public init(surface: CairoSurface) {
        handle = surface.withUnsafeHandle { cairo_pattern_create_for_surface($0) }
    }

    /// The corresponding C function is `cairo_pattern_destroy`.
    deinit { cairo_pattern_destroy(handle) }

    /// Calls `body` with the `cairo_pattern_t`, which must not outlive the call nor be destroyed.
    func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// The corresponding C function is `cairo_pattern_set_extend`.
    public func setExtend(_ extend: Extend) {
        let value = switch extend {
        case .none: CAIRO_EXTEND_NONE
        case .repeat: CAIRO_EXTEND_REPEAT
        case .reflect: CAIRO_EXTEND_REFLECT
        case .pad: CAIRO_EXTEND_PAD
        }
        cairo_pattern_set_extend(handle, value)
    }

    /// The corresponding C function is `cairo_pattern_set_filter`.
    public func setFilter(_ filter: Filter) {
        let value = switch filter {
        case .fast: CAIRO_FILTER_FAST
        case .good: CAIRO_FILTER_GOOD
        case .best: CAIRO_FILTER_BEST
        case .nearest: CAIRO_FILTER_NEAREST
        case .bilinear: CAIRO_FILTER_BILINEAR
        }
        cairo_pattern_set_filter(handle, value)
    }

    /// The map from user space to the pattern's space. The corresponding C function is `cairo_pattern_set_matrix`.
    public func setMatrix(_ matrix: CairoMatrix) {
        var matrix = matrix.cairo
        cairo_pattern_set_matrix(handle, &matrix)
    }
}
