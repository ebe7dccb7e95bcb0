import CCrypto

/// A libcrypto call that failed, with libcrypto's own explanation.
public struct LibCryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What inkpdf was doing, e.g. "reading a PEM public key".
    public var operation: String
    /// libcrypto's reasons, oldest first, or a plain sentence when libcrypto gave none.
    public var reason: String

    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "\(operation) failed: \(reason)" }

    /// Takes every queued libcrypto error (so none leaks into a later call) and joins them.
    ///
    /// The corresponding C functions are `ERR_get_error` and `ERR_error_string_n`.
    public static func drain(_ operation: String, fallback: String = "libcrypto gave no reason") -> LibCryptoError {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            reasons.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return LibCryptoError(operation: operation, reason: reasons.isEmpty ? fallback : reasons.joined(separator: "; "))
    }

    /// Forgets queued errors after a check whose failure is an answer, not an error (a bad signature).
    public static func discardQueued() { ERR_clear_error() }
}
