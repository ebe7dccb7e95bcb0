import CCairo
import CFontconfig

/// A cairo font face (`cairo_font_face_t`) made from a font file fontconfig chose. Owns one
/// reference, released exactly once in `deinit`; a context it is set on takes its own.
/// cairo's font faces are reference-counted and thread-safe, so one may be shared.
public final class CairoFontFace: @unchecked Sendable {
    private let handle: OpaquePointer

    private init(adopting handle: OpaquePointer) { self.handle = handle }

    /// The face of a fontconfig pattern ready to render (`FcFontRenderPrepare`'s), or nil when
    /// cairo cannot make it. The corresponding C functions are `cairo_ft_font_face_create_for_pattern`
    /// and `cairo_font_face_status`.
    public static func fromFontconfigPattern(_ pattern: OpaquePointer) -> CairoFontFace? {
        guard let handle = cairo_ft_font_face_create_for_pattern(pattern) else { return nil }
        let face = CairoFontFace(adopting: handle)
        return cairo_font_face_status(handle) == CAIRO_STATUS_SUCCESS ? face : nil
    }

    /// The corresponding C function is `cairo_font_face_destroy`.
    deinit { cairo_font_face_destroy(handle) }

    /// Calls `body` with the `cairo_font_face_t`, which must not outlive the call nor be destroyed.
    func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }
}
