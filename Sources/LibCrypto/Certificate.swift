import CCrypto
import Foundation

/// An X.509 certificate held by libcrypto (`X509`), shared and immutable.
public final class Certificate: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Takes ownership of an `X509` the caller owns.
    public init(adopting handle: OpaquePointer) { self.handle = handle }

    deinit { X509_free(handle) }

    /// Calls `body` with the `X509`, which must not outlive the call (nor be freed by it).
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// Parses one DER certificate; trailing bytes are an error. The corresponding C function is `d2i_X509`.
    public convenience init(der: [UInt8]) throws(LibCryptoError) {
        let parsed: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let certificate = d2i_X509(nil, &cursor, buffer.count) else { return nil }
            guard cursor == buffer.baseAddress.map({ $0 + buffer.count }) else { X509_free(certificate); return nil }
            return certificate
        }
        guard let parsed else { throw .drain("reading a DER certificate", fallback: "bytes after the certificate") }
        self.init(adopting: parsed)
    }

    /// Every `CERTIFICATE` block of a PEM text, in order; none is an error.
    ///
    /// The corresponding C function is `PEM_read_bio_X509`.
    public static func certificates(pem: String) throws(LibCryptoError) -> [Certificate] {
        let bio = try MemoryBIO(copying: Array(pem.utf8), operation: "reading PEM certificates")
        var certificates: [Certificate] = []
        while let certificate = bio.withUnsafeHandle({ PEM_read_bio_X509($0, nil, nil, nil) }) {
            certificates.append(Certificate(adopting: certificate))
        }
        LibCryptoError.discardQueued() // the end of the text reads as "no start line"
        guard !certificates.isEmpty else { throw LibCryptoError(operation: "reading PEM certificates", reason: "no CERTIFICATE block") }
        return certificates
    }

    /// The DER encoding. The corresponding C function is `i2d_X509`.
    public var der: [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509(handle, &output)
        guard length > 0, let output else { return [] }
        defer { inkpdf_OPENSSL_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// The subject's public key. The corresponding C function is `X509_get0_pubkey`.
    public var publicKey: PublicKey? {
        guard let key = X509_get0_pubkey(handle) else { LibCryptoError.discardQueued(); return nil }
        return PublicKey(retaining: key)
    }

    /// The subject as one line, e.g. `CN=Prod ECC Mac App Store and iTunes Store Receipt Signing, OU=…`.
    ///
    /// The corresponding C function is `X509_NAME_print_ex`.
    public var subject: String {
        guard let bio = try? MemoryBIO(operation: "printing a name") else { return "?" }
        guard bio.withUnsafeHandle({ X509_NAME_print_ex($0, X509_get_subject_name(handle), 0, inkpdf_XN_FLAG_RFC2253()) }) >= 0 else {
            LibCryptoError.discardQueued()
            return "?"
        }
        return String(decoding: bio.contents, as: UTF8.self)
    }

    /// Whether the certificate carries an extension with this dotted OID (critical or not).
    ///
    /// The corresponding C functions are `OBJ_txt2obj` and `X509_get_ext_by_OBJ`.
    public func hasExtension(oid: String) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else { LibCryptoError.discardQueued(); return false }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(handle, object, -1) >= 0
    }

    /// The first and last moments of validity. The corresponding C function is `ASN1_TIME_to_tm`.
    public var validity: ClosedRange<Date>? {
        guard let start = Self.date(X509_get0_notBefore(handle)), let end = Self.date(X509_get0_notAfter(handle)), start <= end else {
            return nil
        }
        return start...end
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date? {
        var parts = tm()
        guard let time, ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}
