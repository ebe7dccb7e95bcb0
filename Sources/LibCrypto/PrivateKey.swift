import CCrypto

/// A private key held by libcrypto (`EVP_PKEY`): the vendor's licence-signing key, or a test PKI's keys.
public final class PrivateKey: @unchecked Sendable {
    /// The elliptic curves inkpdf makes keys on.
    public enum Curve: Sendable {
        case p256, p384
        var nid: Int32 { self == .p256 ? NID_X9_62_prime256v1 : NID_secp384r1 }
    }

    private let handle: OpaquePointer

    /// Takes ownership of an `EVP_PKEY` the caller owns.
    public init(adopting handle: OpaquePointer) { self.handle = handle }

    deinit { EVP_PKEY_free(handle) }

    /// Calls `body` with the `EVP_PKEY`, which must not outlive the call (nor be freed by it).
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// A fresh EC key. The corresponding C functions are `EVP_PKEY_keygen_init`,
    /// `EVP_PKEY_CTX_set_ec_paramgen_curve_nid` and `EVP_PKEY_keygen`.
    public static func generate(curve: Curve) throws(LibCryptoError) -> PrivateKey {
        try generate(type: inkpdf_EVP_PKEY_EC(), operation: "generating an EC key") { EVP_PKEY_CTX_set_ec_paramgen_curve_nid($0, curve.nid) }
    }

    /// A fresh RSA key (tests use one to sign an RS256 token that must be refused).
    public static func generateRSA(bits: Int32) throws(LibCryptoError) -> PrivateKey {
        try generate(type: inkpdf_EVP_PKEY_RSA(), operation: "generating an RSA key") { EVP_PKEY_CTX_set_rsa_keygen_bits($0, bits) }
    }

    private static func generate(type: Int32, operation: String, configure: (OpaquePointer) -> Int32) throws(LibCryptoError) -> PrivateKey {
        guard let context = EVP_PKEY_CTX_new_id(type, nil) else { throw .drain(operation) }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_keygen_init(context) == 1, configure(context) == 1, EVP_PKEY_keygen(context, &key) == 1, let key else {
            throw .drain(operation)
        }
        return PrivateKey(adopting: key)
    }

    /// Reads an unencrypted PEM private key (PKCS #8 `PRIVATE KEY` or `EC PRIVATE KEY`).
    ///
    /// The corresponding C function is `PEM_read_bio_PrivateKey`.
    public convenience init(pem: String) throws(LibCryptoError) {
        let bio = try MemoryBIO(copying: Array(pem.utf8), operation: "reading a PEM private key")
        guard let key = bio.withUnsafeHandle({ PEM_read_bio_PrivateKey($0, nil, nil, nil) }) else {
            throw .drain("reading a PEM private key", fallback: "no PRIVATE KEY block")
        }
        self.init(adopting: key)
    }

    /// The key as an unencrypted PKCS #8 PEM block. The corresponding C function is `PEM_write_bio_PrivateKey`.
    public var pem: String {
        get throws(LibCryptoError) {
            let bio = try MemoryBIO(operation: "writing a PEM private key")
            guard bio.withUnsafeHandle({ PEM_write_bio_PrivateKey($0, handle, nil, nil, 0, nil, nil) }) == 1 else {
                throw .drain("writing a PEM private key")
            }
            return String(decoding: bio.contents, as: UTF8.self)
        }
    }

    /// The matching public key (a copy through DER, so it carries no private part).
    public var publicKey: PublicKey {
        get throws(LibCryptoError) {
            var output: UnsafeMutablePointer<UInt8>?
            let length = i2d_PUBKEY(handle, &output)
            guard length > 0, let output else { throw .drain("extracting a public key") }
            defer { inkpdf_OPENSSL_free(output) }
            return try PublicKey(der: Array(UnsafeBufferPointer(start: output, count: Int(length))))
        }
    }

    /// The curve's name, or nil for a key that is not EC.
    public var curveName: String? { try? publicKey.curveName }

    /// An ES256 signature over `message`: raw r‖s, 64 bytes (RFC 7518 §3.4).
    public func signES256(_ message: [UInt8]) throws(LibCryptoError) -> [UInt8] {
        guard curveName == "prime256v1" else { throw LibCryptoError(operation: "signing with ES256", reason: "the key is not a P-256 EC key") }
        let der = try sign(message, digest: .sha256)
        guard let raw = ECDSASignature.raw(fromDER: der, scalarSize: 32) else {
            throw LibCryptoError(operation: "signing with ES256", reason: "libcrypto returned a malformed signature")
        }
        return raw
    }

    /// A signature in libcrypto's own encoding (DER for ECDSA, PKCS #1 v1.5 for RSA).
    ///
    /// The corresponding C functions are `EVP_DigestSignInit` and `EVP_DigestSign`.
    public func sign(_ message: [UInt8], digest: MessageDigest) throws(LibCryptoError) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { throw .drain("signing") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, digest.algorithm, nil, handle) == 1 else { throw .drain("signing") }
        var length = 0
        guard message.withUnsafeBufferPointer({ EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count) }) == 1 else {
            throw .drain("signing")
        }
        var signature = [UInt8](repeating: 0, count: length)
        guard message.withUnsafeBufferPointer({ data in
            signature.withUnsafeMutableBufferPointer { EVP_DigestSign(context, $0.baseAddress, &length, data.baseAddress, data.count) }
        }) == 1 else { throw .drain("signing") }
        return Array(signature.prefix(length))
    }
}
