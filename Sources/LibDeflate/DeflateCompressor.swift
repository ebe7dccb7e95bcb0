import CDeflate

/// A libdeflate compressor at one level: whole-buffer deflate in the zlib
/// format (what a PDF's `/FlateDecode` reads) or the gzip format (`.gz`).
///
/// libdeflate compresses a buffer in one call, faster than zlib for the same
/// or fewer bytes, but it cannot stream: it needs all the input at once and
/// room for all the output. inkpdf uses it where a whole buffer is at hand
/// (a page's ink content, the sidecar's gzip members of about a megabyte) and
/// keeps zlib where data comes in pieces of unknown total (every inflate, and
/// reading a `.gz`); docs/benchmarks.md, "Compression", says which path uses which.
///
/// A compressor is one owner's (`~Copyable`, freed by `deinit`) and must not be
/// used by two threads at once. Allocating one is not free (its match-finder
/// tables are hundreds of kilobytes), so a loop keeps one and reuses it; it
/// also keeps the buffer it compresses into, grown to the largest bound met.
public struct DeflateCompressor: ~Copyable {
    /// The container around the deflate data.
    public enum Format: Sendable {
        /// RFC 1950: a 2-byte header and an Adler-32 trailer, as `/FlateDecode` reads.
        case zlib
        /// RFC 1952: a 10-byte header and a CRC-32 and size trailer, one member of a `.gz` file.
        case gzip
    }

    /// libdeflate's level: 0 (stored) … 12; 1 … 9 are about as fast as zlib's
    /// levels of the same number but give fewer bytes; 10 … 12 search far harder.
    public let level: Int32
    private let handle: OpaquePointer
    private var scratch: UnsafeMutableRawBufferPointer

    /// A compressor at `level` (0 … 12).
    ///
    /// The corresponding C function is `libdeflate_alloc_compressor`.
    public init(level: Int32) {
        precondition((0...12).contains(level), "libdeflate's levels are 0 … 12, not \(level)")
        // With a valid level the only failure is no memory, as with any allocation.
        guard let handle = libdeflate_alloc_compressor(level) else {
            fatalError("libdeflate_alloc_compressor(\(level)) failed: out of memory")
        }
        self.level = level
        self.handle = handle
        scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    }

    deinit {
        libdeflate_free_compressor(handle)
        scratch.deallocate()
    }

    /// The most bytes `count` bytes of input can take in `format`: compressing
    /// into a buffer this size never fails.
    ///
    /// The corresponding C functions are `libdeflate_zlib_compress_bound` and `libdeflate_gzip_compress_bound`.
    public func bound(_ format: Format, count: Int) -> Int {
        switch format {
        case .zlib: libdeflate_zlib_compress_bound(handle, count)
        case .gzip: libdeflate_gzip_compress_bound(handle, count)
        }
    }

    /// Compresses `input` in `format` into `output`; returns the bytes written,
    /// or nil when they do not fit (never when `output` has `bound(format, count: input.count)` bytes).
    ///
    /// The corresponding C functions are `libdeflate_zlib_compress` and `libdeflate_gzip_compress`.
    public mutating func compress(_ input: UnsafeRawBufferPointer, as format: Format,
                                  into output: UnsafeMutableRawBufferPointer) -> Int? {
        guard let out = output.baseAddress else { return nil }
        // An empty buffer may have no address; libdeflate reads none of it, but is given one.
        var none: UInt8 = 0
        let handle = handle
        let written = withUnsafePointer(to: &none) { empty in
            let source = input.baseAddress ?? UnsafeRawPointer(empty)
            return switch format {
            case .zlib: libdeflate_zlib_compress(handle, source, input.count, out, output.count)
            case .gzip: libdeflate_gzip_compress(handle, source, input.count, out, output.count)
            }
        }
        return written == 0 ? nil : written
    }

    /// Compresses `input` in `format` into the compressor's own buffer and hands
    /// the result to `body` (valid only during the call): no copy, for writing it out.
    public mutating func withCompressed<Result, Failure: Error>(
        _ input: UnsafeRawBufferPointer, as format: Format,
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let needed = bound(format, count: input.count)
        if scratch.count < needed {
            scratch.deallocate()
            scratch = .allocate(byteCount: needed, alignment: 16)
        }
        guard let written = compress(input, as: format, into: scratch) else {
            preconditionFailure("libdeflate wrote more than its bound of \(needed) bytes for \(input.count)")
        }
        return try body(UnsafeRawBufferPointer(rebasing: scratch[..<written]))
    }

    /// `input` in the zlib format, in an array of its exact size.
    public mutating func zlib(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        withCompressed(input, as: .zlib) { Array($0) }
    }

    /// `bytes` in the zlib format, in an array of its exact size.
    public mutating func zlib(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { zlib($0) }
    }

    /// `input` as one gzip member, in an array of its exact size.
    public mutating func gzip(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        withCompressed(input, as: .gzip) { Array($0) }
    }

    /// `bytes` as one gzip member, in an array of its exact size.
    public mutating func gzip(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { gzip($0) }
    }
}
