import CPoppler

/// A GError copied into Swift; the GError itself is freed at once.
struct GLibError: Error, CustomStringConvertible {
    var domain: UInt32
    var code: Int32
    var message: String
    var description: String { message }

    /// Takes ownership of `error` (may be nil), frees it, and returns its copy.
    ///
    /// The corresponding C function is `g_error_free`.
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> GLibError? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return GLibError(domain: error.pointee.domain, code: error.pointee.code, message: message)
    }
}
