import InkModel
import LibDeflate

/// The deflate (zlib format, what `/FlateDecode` reads) of the streams inkpdf
/// writes itself: libdeflate for compressing, since every stream is a whole
/// buffer (a page's operators, an xref stream, a tile). Inflating them back is
/// zlib's, against a limit (`ZlibInflate.inflate(_:limit:)`, InkModel).
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
}
