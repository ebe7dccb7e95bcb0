import CCairo

/// A cairo surface (`cairo_surface_t`): what a `CairoContext` draws on. cairo counts its
/// references; this object owns one, released exactly once in `deinit`. A context,
/// pattern or source that uses the surface takes a reference of its own.
///
/// The kinds inkpdf uses are `CairoImageSurface` and `CairoPDFSurface`.
public class CairoSurface {
    private let handle: OpaquePointer

    /// Takes over a reference the caller owns (a surface just created).
    init(adopting handle: OpaquePointer) { self.handle = handle }

    /// The corresponding C function is `cairo_surface_destroy`.
    deinit { cairo_surface_destroy(handle) }

    /// Calls `body` with the `cairo_surface_t`, which must not outlive the call nor be destroyed
    /// (LibCairo's own use: no other library takes a surface).
    final func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// The surface's error, or nil. The corresponding C function is `cairo_surface_status`.
    public final var status: CairoError? { CairoError(cairo_surface_status(handle)) }

    /// Completes drawing before the pixels are read. The corresponding C function is `cairo_surface_flush`.
    public final func flush() { cairo_surface_flush(handle) }

    /// Tells cairo its pixels were changed directly. The corresponding C function is `cairo_surface_mark_dirty`.
    public final func markDirty() { cairo_surface_mark_dirty(handle) }

    /// Finishes the surface (a PDF surface writes the rest of its file and closes it); it cannot
    /// be drawn on after. The corresponding C function is `cairo_surface_finish`.
    public final func finish() { cairo_surface_finish(handle) }
}
