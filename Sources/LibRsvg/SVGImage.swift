import CRsvg
import LibCairo

/// An SVG document parsed by librsvg, drawn onto a cairo context as vectors (paths stay
/// paths in a PDF). Loaded from bytes only, without a base file: librsvg then refuses every
/// external reference (a `file:` or `http:` image), and keeps its default limits on the
/// document's size and element count (no `RSVG_HANDLE_FLAG_UNLIMITED`).
public struct SVGImage: ~Copyable {
    private let handle: OpaquePointer

    /// Whether `bytes` look like an SVG document: `<svg` or an XML declaration first (after a BOM or space).
    public static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let start = bytes.prefix(512).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return start.starts(with: Array("<svg".utf8)) || start.starts(with: Array("<?xml".utf8))
    }

    /// Parses `bytes`; nil with librsvg's message when it cannot.
    /// The corresponding C function is `rsvg_handle_new_from_data`.
    public static func parse(_ bytes: [UInt8]) -> Result<SVGImage, SVGImageError> {
        var error: UnsafeMutablePointer<GError>?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { return .failure(SVGImageError(consuming: error)) }
        return .success(SVGImage(handle: handle))
    }

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { g_object_unref(UnsafeMutableRawPointer(handle)) }

    /// Draws the whole document into the rectangle `x`, `y`, `width`, `height` of `context`'s user
    /// space, fitted as the document's own `preserveAspectRatio` says.
    /// The corresponding C function is `rsvg_handle_render_document`.
    public func draw(x: Double, y: Double, width: Double, height: Double, on context: borrowing CairoContext) -> SVGImageError? {
        var viewport = RsvgRectangle(x: x, y: y, width: width, height: height)
        var error: UnsafeMutablePointer<GError>?
        let drawn = context.withUnsafeHandle { rsvg_handle_render_document(handle, $0, &viewport, &error) }
        return drawn != 0 ? nil : SVGImageError(consuming: error)
    }
}

/// librsvg's message for an SVG it could not read or draw; the GError is freed at once.
public struct SVGImageError: Error, CustomStringConvertible {
    public var description: String

    /// The corresponding C function is `g_error_free`.
    init(consuming error: UnsafeMutablePointer<GError>?) {
        description = error?.pointee.message.map { String(cString: $0) } ?? "librsvg gave no reason"
        if let error { g_error_free(error) }
    }
}
