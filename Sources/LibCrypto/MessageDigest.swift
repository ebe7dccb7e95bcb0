import CCrypto

/// The hash functions inkpdf signs and verifies with.
public enum MessageDigest: Sendable {
    case sha256
    case sha384

    /// The corresponding C functions are `EVP_sha256` and `EVP_sha384`.
    public var algorithm: OpaquePointer? {
        switch self {
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        }
    }

    /// HMAC of `message` under `key` (used by tests to forge HS256 tokens). The corresponding C function is `HMAC`.
    public func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                HMAC(algorithm, keyBytes.baseAddress, Int32(keyBytes.count),
                     messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count, &output, &length) != nil
            }
        }
        return ok ? Array(output.prefix(Int(length))) : []
    }
}
