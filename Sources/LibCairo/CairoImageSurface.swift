import CCairo

/// A cairo image surface: pixels in memory (`cairo_image_surface_*`), read and written in
/// place or as PNG. Owned as every `CairoSurface` is: one reference, released in `deinit`.
public final class CairoImageSurface: CairoSurface {
    /// The pixel formats inkpdf uses (`cairo_format_t`).
    public enum Format: Sendable {
        /// 32-bit words, premultiplied alpha in the top byte, then red, green, blue.
        case argb32
        /// 32-bit words, the top byte unused.
        case rgb24
        /// One byte of alpha a pixel.
        case a8

        var cairo: cairo_format_t {
            switch self {
            case .argb32: CAIRO_FORMAT_ARGB32
            case .rgb24: CAIRO_FORMAT_RGB24
            case .a8: CAIRO_FORMAT_A8
            }
        }
    }

    /// A `width` × `height` surface (cleared); a size cairo cannot make gives a surface in
    /// error (see `status`). The corresponding C function is `cairo_image_surface_create`.
    public init(format: Format, width: Int, height: Int) {
        super.init(adopting: cairo_image_surface_create(format.cairo, Int32(clamping: width), Int32(clamping: height)))
    }

    /// The PNG file at `path`; a file cairo cannot read gives a surface in error (see `status`).
    ///
    /// The corresponding C function is `cairo_image_surface_create_from_png`.
    public init(contentsOfPNGFile path: String) {
        super.init(adopting: cairo_image_surface_create_from_png(path))
    }

    private init(adoptingImage handle: OpaquePointer) { super.init(adopting: handle) }

    /// PNG bytes in memory decoded, or nil when cairo cannot read them.
    ///
    /// The corresponding C function is `cairo_image_surface_create_from_png_stream`.
    public static func decodingPNG(_ bytes: [UInt8]) -> CairoImageSurface? {
        let reader = PNGReader(bytes)
        let handle = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let reader = Unmanaged<PNGReader>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    data.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let handle else { return nil }
        let surface = CairoImageSurface(adoptingImage: handle)
        return surface.status == nil ? surface : nil
    }

    private final class PNGReader {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// The corresponding C function is `cairo_image_surface_get_width`.
    public var width: Int { withUnsafeHandle { Int(cairo_image_surface_get_width($0)) } }
    /// The corresponding C function is `cairo_image_surface_get_height`.
    public var height: Int { withUnsafeHandle { Int(cairo_image_surface_get_height($0)) } }
    /// Bytes from one row to the next. The corresponding C function is `cairo_image_surface_get_stride`.
    public var stride: Int { withUnsafeHandle { Int(cairo_image_surface_get_stride($0)) } }

    /// Calls `body` with the first byte of the pixels (`height` rows of `stride` bytes), or nil when
    /// the surface has none (in error); the pointer must not outlive the call. Call `flush` before
    /// reading what was drawn and `markDirty` after writing.
    ///
    /// The corresponding C function is `cairo_image_surface_get_data`.
    public func withUnsafeMutableData<T, E: Error>(_ body: (UnsafeMutablePointer<UInt8>?) throws(E) -> T) throws(E) -> T {
        try body(withUnsafeHandle { cairo_image_surface_get_data($0) })
    }

    /// An `.a8` surface's pixels, row after row without the stride's padding, each made into a value by
    /// `value` (nil when the surface has no data). Flushes first.
    ///
    /// The corresponding C functions are `cairo_surface_flush` and `cairo_image_surface_get_data`.
    public func a8Pixels<T>(_ value: (UInt8) -> T) -> [T]? {
        flush()
        let width = self.width, height = self.height, stride = self.stride
        return withUnsafeMutableData { data -> [T]? in
            guard let data else { return nil }
            var pixels: [T] = []
            pixels.reserveCapacity(width * height)
            for row in 0..<height {
                let source = data + row * stride
                for column in 0..<width { pixels.append(value(source[column])) }
            }
            return pixels
        }
    }

    /// Writes the surface as a PNG file at `path`. The corresponding C function is `cairo_surface_write_to_png`.
    public func writePNG(to path: String) throws(CairoError) {
        if let error = CairoError(withUnsafeHandle { cairo_surface_write_to_png($0, path) }) { throw error }
    }

    /// The surface as PNG bytes. The corresponding C function is `cairo_surface_write_to_png_stream`.
    public func pngData() throws(CairoError) -> [UInt8] {
        let sink = PNGSink()
        let status = withUnsafeHandle { handle in
            withExtendedLifetime(sink) {
                cairo_surface_write_to_png_stream(handle, { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
            }
        }
        if let error = CairoError(status) { throw error }
        return sink.bytes
    }

    private final class PNGSink {
        var bytes: [UInt8] = []
    }
}
