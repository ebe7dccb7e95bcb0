import CCairo

/// A cairo drawing context (`cairo_t`) on a surface: the single owner of its handle,
/// destroyed exactly once when it goes out of scope (or at `consume`).
///
/// The context keeps its surface alive in cairo, so the surface's owner may go first.
/// The raw `cairo_t` is lent only through `withUnsafeHandle`, for another library that
/// draws onto it (poppler's page rendering, librsvg).
public struct CairoContext: ~Copyable {
    private let handle: OpaquePointer

    /// A context drawing on `surface`; a surface in error gives a context in error
    /// (see `status`). The corresponding C function is `cairo_create`.
    public init(drawingOn surface: CairoSurface) {
        handle = surface.withUnsafeHandle { cairo_create($0) }
    }

    /// The corresponding C function is `cairo_destroy`.
    deinit { cairo_destroy(handle) }

    /// Calls `body` with the `cairo_t`, which must not outlive the call nor be destroyed.
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// The context's error, or nil. The corresponding C function is `cairo_status`.
    public var status: CairoError? { CairoError(cairo_status(handle)) }

    // MARK: State

    /// The corresponding C function is `cairo_save`.
    public func save() { cairo_save(handle) }
    /// The corresponding C function is `cairo_restore`.
    public func restore() { cairo_restore(handle) }

    /// The corresponding C function is `cairo_scale`.
    public func scale(_ sx: Double, _ sy: Double) { cairo_scale(handle, sx, sy) }
    /// The corresponding C function is `cairo_translate`.
    public func translate(_ tx: Double, _ ty: Double) { cairo_translate(handle, tx, ty) }
    /// Replaces the user-space transformation. The corresponding C function is `cairo_set_matrix`.
    public func setMatrix(_ matrix: CairoMatrix) {
        var matrix = matrix.cairo
        cairo_set_matrix(handle, &matrix)
    }

    /// The corresponding C function is `cairo_set_source_rgb`.
    public func setSourceRGB(_ red: Double, _ green: Double, _ blue: Double) { cairo_set_source_rgb(handle, red, green, blue) }
    /// The corresponding C function is `cairo_set_source_rgba`.
    public func setSourceRGBA(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double) {
        cairo_set_source_rgba(handle, red, green, blue, alpha)
    }
    /// The corresponding C function is `cairo_set_source` (the context takes its own reference).
    public func setSource(_ pattern: CairoPattern) { pattern.withUnsafeHandle { cairo_set_source(handle, $0) } }
    /// The corresponding C function is `cairo_set_source_surface` (the context takes its own reference).
    public func setSourceSurface(_ surface: CairoSurface, x: Double, y: Double) {
        surface.withUnsafeHandle { cairo_set_source_surface(handle, $0, x, y) }
    }

    /// The corresponding C function is `cairo_set_operator`.
    public func setOperator(_ op: CairoOperator) { cairo_set_operator(handle, op.cairo) }
    /// The corresponding C function is `cairo_set_fill_rule`.
    public func setFillRule(_ rule: CairoFillRule) { cairo_set_fill_rule(handle, rule.cairo) }
    /// The corresponding C function is `cairo_set_line_width`.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(handle, width) }
    /// The corresponding C function is `cairo_set_line_cap`.
    public func setLineCap(_ cap: CairoLineCap) { cairo_set_line_cap(handle, cap.cairo) }
    /// The corresponding C function is `cairo_set_line_join`.
    public func setLineJoin(_ join: CairoLineJoin) { cairo_set_line_join(handle, join.cairo) }
    /// The corresponding C function is `cairo_set_dash`.
    public func setDash(_ dashes: [Double], offset: Double) {
        cairo_set_dash(handle, dashes, Int32(clamping: dashes.count), offset)
    }

    // MARK: Paths

    /// The corresponding C function is `cairo_new_path`.
    public func newPath() { cairo_new_path(handle) }
    /// The corresponding C function is `cairo_new_sub_path`.
    public func newSubPath() { cairo_new_sub_path(handle) }
    /// The corresponding C function is `cairo_move_to`.
    public func moveTo(_ x: Double, _ y: Double) { cairo_move_to(handle, x, y) }
    /// The corresponding C function is `cairo_line_to`.
    public func lineTo(_ x: Double, _ y: Double) { cairo_line_to(handle, x, y) }
    /// The corresponding C function is `cairo_curve_to`.
    public func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x3: Double, _ y3: Double) {
        cairo_curve_to(handle, x1, y1, x2, y2, x3, y3)
    }
    /// The corresponding C function is `cairo_close_path`.
    public func closePath() { cairo_close_path(handle) }
    /// The corresponding C function is `cairo_rectangle`.
    public func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) { cairo_rectangle(handle, x, y, width, height) }
    /// The corresponding C function is `cairo_arc`.
    public func arc(_ x: Double, _ y: Double, radius: Double, from angle1: Double, to angle2: Double) {
        cairo_arc(handle, x, y, radius, angle1, angle2)
    }

    /// The current path in user space; empty when cairo cannot copy it.
    ///
    /// The corresponding C functions are `cairo_copy_path` and `cairo_path_destroy`.
    public func copyPath() -> [CairoPathElement] {
        guard let path = cairo_copy_path(handle) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var elements: [CairoPathElement] = []
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = data[index].header
            let length = Int(header.length)
            guard length >= 1, index + length <= count else { break }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2: elements.append(.move(x: data[index + 1].point.x, y: data[index + 1].point.y))
            case CAIRO_PATH_LINE_TO where length >= 2: elements.append(.line(x: data[index + 1].point.x, y: data[index + 1].point.y))
            case CAIRO_PATH_CURVE_TO where length >= 4:
                elements.append(.curve(x1: data[index + 1].point.x, y1: data[index + 1].point.y, x2: data[index + 2].point.x,
                                       y2: data[index + 2].point.y, x3: data[index + 3].point.x, y3: data[index + 3].point.y))
            case CAIRO_PATH_CLOSE_PATH: elements.append(.close)
            default: break
            }
            index += length
        }
        return elements
    }

    // MARK: Drawing

    /// The corresponding C function is `cairo_paint`.
    public func paint() { cairo_paint(handle) }
    /// The corresponding C function is `cairo_fill`.
    public func fill() { cairo_fill(handle) }
    /// The corresponding C function is `cairo_stroke`.
    public func stroke() { cairo_stroke(handle) }
    /// The corresponding C function is `cairo_clip`.
    public func clip() { cairo_clip(handle) }
    /// Ends the page (a PDF surface starts the next). The corresponding C function is `cairo_show_page`.
    public func showPage() { cairo_show_page(handle) }

    // MARK: Tags

    /// Opens a tag (`CairoTag.link`, `CairoTag.destination`, a structure element such as
    /// "Document"); `attributes` in cairo's syntax. The corresponding C function is `cairo_tag_begin`.
    public func tagBegin(_ name: String, attributes: String?) { cairo_tag_begin(handle, name, attributes) }
    /// The corresponding C function is `cairo_tag_end`.
    public func tagEnd(_ name: String) { cairo_tag_end(handle, name) }
}
