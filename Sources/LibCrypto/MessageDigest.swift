import CCrypto

/// The hash functions inkpdf signs and verifies with, and MD5 for the
/// checksums PDF asks of embedded files (never for security).
public enum MessageDigest: Sendable {
    case sha256
    case sha384
    case md5

    /// The corresponding C functions are `EVP_sha256`, `EVP_sha384` and `EVP_md5`.
    public var algorithm: OpaquePointer? {
        switch self {
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        case .md5: EVP_md5()
        }
    }

    /// The digest of `bytes`, every libcrypto status checked (see `DigestContext`).
    public func digest(_ bytes: [UInt8]) throws(LibCryptoError) -> [UInt8] {
        let context = try DigestContext(self)
        // withUnsafeBytes rethrows untyped errors; the typed one is carried out by hand.
        let failure = bytes.withUnsafeBytes { buffer -> LibCryptoError? in
            do throws(LibCryptoError) { try context.update(buffer); return nil } catch { return error }
        }
        if let failure { throw failure }
        return try context.finish()
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
