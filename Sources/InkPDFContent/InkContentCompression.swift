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
    /// (`inkpdf-content-bench measure`, its libdeflate table) against zlib's former settings
    /// (level 4, lazy matching tuned 8/16/32/16): level 3 writes fewer bytes than zlib did,
    /// no page larger, in about half its time; level 2 comes too close to zlib's bytes for
    /// "no page larger", level 1 is larger, and level 4 and up cost more time than they save
    /// in bytes (the figures: docs/benchmarks.md, "Compression").
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
