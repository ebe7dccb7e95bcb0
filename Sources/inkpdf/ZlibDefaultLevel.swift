import CZlib

/// The zlib level of the streams inkpdf writes into PDFs when a library asks
/// for zlib's default: cairo 1.16 compresses every content stream with
/// `deflateInit(…, Z_DEFAULT_COMPRESSION)` and offers no setting, and the ink
/// of a densely written page is a few hundred kilobytes of coordinates. Level
/// 4 compresses them about four times as fast as the default (6) for about 5 %
/// more bytes (measured on the benchmark's pages).
public let pdfStreamCompressionLevel: Int32 = 4

/// zlib's `deflateInit_` as this executable provides it: the same as zlib's own
/// (which calls `deflateInit2_` with these parameters), except that a request
/// for the default level gets `pdfStreamCompressionLevel`. The dynamic linker
/// binds cairo's (and qpdf's) calls to this definition because the executable
/// comes first in the lookup order; an explicit level is left as asked. A
/// program that uses the InkPDF library keeps its own zlib defaults.
///
/// The corresponding C function is `deflateInit2_`.
@_cdecl("deflateInit_")
public func deflateInitAtInkpdfLevel(_ stream: z_streamp?, _ level: Int32, _ version: UnsafePointer<CChar>?,
                                     _ streamSize: Int32) -> Int32 {
    deflateInit2_(stream, level == Z_DEFAULT_COMPRESSION ? pdfStreamCompressionLevel : level,
                  Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY, version, streamSize)
}
