import CCairo

/// A status cairo reported (a context's, a surface's, a pattern's or a stream's),
/// told with cairo's own words (`cairo_status_to_string`).
public struct CairoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// cairo's `cairo_status_t`, never `CAIRO_STATUS_SUCCESS`.
    public let code: UInt32

    /// The error of `status`, or nil for success.
    init?(_ status: cairo_status_t) {
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        code = status.rawValue
    }

    /// cairo's sentence for the status ("error while writing to output stream").
    ///
    /// The corresponding C function is `cairo_status_to_string`.
    public var description: String { String(cString: cairo_status_to_string(cairo_status_t(rawValue: code))) }

    /// A file or stream could not be written.
    public static let writeError = CairoError(CAIRO_STATUS_WRITE_ERROR)!
    /// cairo ran out of memory.
    public static let noMemory = CairoError(CAIRO_STATUS_NO_MEMORY)!
    /// A file or stream could not be read.
    public static let readError = CairoError(CAIRO_STATUS_READ_ERROR)!
}
