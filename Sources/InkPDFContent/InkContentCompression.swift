import CZlib
import LibDeflate

/// The deflate (zlib format, what `/FlateDecode` reads) of the streams inkpdf
/// writes itself: libdeflate for compressing, since every stream is a whole
/// buffer (a page's operators, an xref stream, a tile); zlib for inflating,
/// which streams against a limit (`inflate(_:limit:)`).
public enum InkContentCompression {
    /// A compressor for a loop of streams: one per thread, reused page after page.
    public typealias Compressor = DeflateCompressor

    /// The ink's libdeflate level, chosen by measurement on the benchmark's dense pages
    /// (`inkpdf-content-bench measure 24`, its libdeflate table; operators on the 1/12 pt
    /// grid; a loaded 2-core machine, best of 3, three runs) against zlib's former
    /// settings (level 4, lazy matching tuned 8/16/32/16: 40.9 KB/page in 2.4–3.6 ms):
    /// - level 3 makes 39.6 KB/page (0.969 × zlib's; the worst page 0.972 ×) in
    ///   1.3–1.7 ms, about half zlib's time;
    /// - level 2 makes 40.3 KB (worst page 0.990 ×) in 1.1–1.4 ms: too close to
    ///   zlib's bytes for "no page larger"; level 1 42.3 KB (larger than zlib's);
    /// - level 4 39.3 KB in 1.5–2.0 ms, 6 38.0 KB in 3.0–4.4 ms (slower than zlib),
    ///   12 35.8 KB in 19–22 ms.
    /// A compressor allocated per page costs no measurable time more, but is not reused memory.
    public static let inkLevel: Int32 = 3

    /// A compressor at the ink's level.
    public static func inkCompressor() -> Compressor { Compressor(level: inkLevel) }

    /// `bytes` deflated at libdeflate's `level` (0 … 12) in one call, with a compressor
    /// of its own: for streams made once (a tile, an xref stream); a loop keeps a `Compressor`.
    public static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var compressor = Compressor(level: level)
        return compressor.zlib(bytes)
    }

    /// `bytes` inflated (for tests and checks, and for the ink a PDF annotation keeps);
    /// nil when they are not a zlib stream or inflate to more than `limit` bytes.
    ///
    /// The corresponding C functions are `inflateInit_`, `inflate` and `inflateEnd`.
    public static func inflate(_ bytes: [UInt8], limit: Int = .max) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if output.count > limit { return Z_BUF_ERROR }
                if result != Z_OK { return result }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
