import CCrypto

/// A running message digest (SHA-256, SHA-384, MD5) fed in pieces: a single owner
/// of libcrypto's `EVP_MD_CTX`, freed exactly once.
public struct DigestContext: ~Copyable {
    private let context: OpaquePointer

    /// Starts a digest. The corresponding C functions are `EVP_MD_CTX_new` and `EVP_DigestInit_ex`.
    public init(_ digest: MessageDigest) throws(LibCryptoError) {
        guard let algorithm = digest.algorithm else { throw LibCryptoError.drain("EVP_\(digest)") }
        guard let context = EVP_MD_CTX_new() else { throw LibCryptoError.drain("EVP_MD_CTX_new") }
        guard EVP_DigestInit_ex(context, algorithm, nil) == 1 else {
            EVP_MD_CTX_free(context)
            throw LibCryptoError.drain("EVP_DigestInit_ex")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Feeds `bytes`. The corresponding C function is `EVP_DigestUpdate`.
    public func update(_ bytes: UnsafeRawBufferPointer) throws(LibCryptoError) {
        guard bytes.count > 0 else { return }
        guard EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1 else { throw LibCryptoError.drain("EVP_DigestUpdate") }
    }

    /// The digest of everything fed. The corresponding C function is `EVP_DigestFinal_ex`.
    public consuming func finish() throws(LibCryptoError) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { throw LibCryptoError.drain("EVP_DigestFinal_ex") }
        return Array(digest.prefix(Int(length)))
    }

    /// Lower-case hexadecimal of `bytes`.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
