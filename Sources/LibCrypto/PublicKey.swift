import CCrypto

/// A public key held by libcrypto (`EVP_PKEY`), shared and immutable.
public final class PublicKey: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Takes ownership of an `EVP_PKEY` the caller owns.
    public init(adopting handle: OpaquePointer) { self.handle = handle }

    /// Adds a reference to an `EVP_PKEY` someone else owns. The corresponding C function is `EVP_PKEY_up_ref`.
    public init(retaining handle: OpaquePointer) {
        // Only a corrupt key fails to count one more reference; sharing it uncounted would free it twice.
        precondition(EVP_PKEY_up_ref(handle) == 1, "EVP_PKEY_up_ref failed")
        self.handle = handle
    }

    deinit { EVP_PKEY_free(handle) }

    /// Calls `body` with the `EVP_PKEY`, which must not outlive the call (nor be freed by it).
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// Reads a PEM `PUBLIC KEY` (SubjectPublicKeyInfo). The corresponding C function is `PEM_read_bio_PUBKEY`.
    public convenience init(pem: String) throws(LibCryptoError) {
        let bio = try MemoryBIO(copying: Array(pem.utf8), operation: "reading a PEM public key")
        guard let key = bio.withUnsafeHandle({ PEM_read_bio_PUBKEY($0, nil, nil, nil) }) else {
            throw .drain("reading a PEM public key", fallback: "no PUBLIC KEY block")
        }
        self.init(adopting: key)
    }

    /// Reads a DER SubjectPublicKeyInfo. The corresponding C function is `d2i_PUBKEY`.
    public convenience init(der: [UInt8]) throws(LibCryptoError) {
        let key: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            let key = d2i_PUBKEY(nil, &cursor, buffer.count)
            if let key, cursor != buffer.baseAddress.map({ $0 + buffer.count }) { EVP_PKEY_free(key); return nil }
            return key
        }
        guard let key else { throw .drain("reading a DER public key", fallback: "trailing bytes") }
        self.init(adopting: key)
    }

    /// The key as a PEM `PUBLIC KEY` block. The corresponding C function is `PEM_write_bio_PUBKEY`.
    public var pem: String {
        get throws(LibCryptoError) {
            let bio = try MemoryBIO(operation: "writing a PEM public key")
            guard bio.withUnsafeHandle({ PEM_write_bio_PUBKEY($0, handle) }) == 1 else { throw .drain("writing a PEM public key") }
            return String(decoding: bio.contents, as: UTF8.self)
        }
    }

    /// The DER SubjectPublicKeyInfo. The corresponding C function is `i2d_PUBKEY`.
    public var der: [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(handle, &output)
        guard length > 0, let output else { return [] }
        defer { inkpdf_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// The elliptic curve's name (`prime256v1`, `secp384r1`), or nil for a key that is not EC.
    ///
    /// The corresponding C functions are `EVP_PKEY_get_base_id` and `EVP_PKEY_get_group_name`.
    public var curveName: String? {
        guard EVP_PKEY_get_base_id(handle) == inkpdf_EVP_PKEY_EC() else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(handle, &buffer, buffer.count, &length) == 1 else {
            LibCryptoError.discardQueued()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this is a P-256 key, the only kind ES256 allows.
    public var isP256: Bool { curveName == "prime256v1" }

    /// Checks an ES256 signature (raw r‖s, exactly 64 bytes) over `message`. Any other
    /// length, a key that is not P-256, or a mismatch is `false`.
    public func verifiesES256(signature: [UInt8], over message: [UInt8]) -> Bool {
        guard isP256, let der = ECDSASignature.der(fromRaw: signature, scalarSize: 32) else { return false }
        return verifies(derSignature: der, over: message, digest: .sha256)
    }

    /// Checks a DER (or, for RSA, PKCS #1) signature.
    ///
    /// The corresponding C functions are `EVP_DigestVerifyInit` and `EVP_DigestVerify`.
    public func verifies(derSignature: [UInt8], over message: [UInt8], digest: MessageDigest) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        defer { LibCryptoError.discardQueued() }
        guard EVP_DigestVerifyInit(context, nil, digest.algorithm, nil, handle) == 1 else { return false }
        return derSignature.withUnsafeBufferPointer { signature in
            message.withUnsafeBufferPointer { data in
                EVP_DigestVerify(context, signature.baseAddress, signature.count, data.baseAddress, data.count) == 1
            }
        }
    }
}
