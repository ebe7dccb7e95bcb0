import CCrypto
import Foundation

/// Makes X.509 certificates: the tests' own App Store–like PKIs (a root, an intermediate
/// with the WWDR OID, a leaf with the receipt-signing OID), with exact validity dates so
/// that nothing depends on the calendar.
public struct CertificateBuilder {
    public var commonName: String
    public var serial: Int
    public var validity: ClosedRange<Date>
    public var isCertificateAuthority: Bool
    /// Dotted OIDs added as non-critical extensions holding an ASN.1 NULL (as Apple's are).
    public var markerOIDs: [String] = []

    /// Signs the certificate for `subjectKey` with `issuerKey`. `issuer` nil makes it self-signed.
    ///
    /// The corresponding C functions are `X509_set_pubkey`, `X509V3_set_ctx`, `X509V3_EXT_nconf` and `X509_sign`.
    public func build(subjectKey: PublicKey, issuer: Certificate?, issuerKey: PrivateKey, digest: MessageDigest) throws(LibCryptoError) -> Certificate {
        let operation = "making the certificate \(commonName)"
        guard let handle = X509_new() else { throw .drain(operation) }
        let certificate = Certificate(adopting: handle)
        guard let name = X509_NAME_new() else { throw .drain(operation) }
        defer { X509_NAME_free(name) }
        guard X509_NAME_add_entry_by_txt(name, "CN", inkpdf_MBSTRING_ASC(), commonName, -1, -1, 0) == 1 else { throw .drain(operation) }
        var ok = X509_set_version(handle, 2) == 1
            && ASN1_INTEGER_set(X509_get_serialNumber(handle), serial) == 1
            && X509_set_subject_name(handle, name) == 1
            && ASN1_TIME_set(X509_getm_notBefore(handle), time_t(validity.lowerBound.timeIntervalSince1970)) != nil
            && ASN1_TIME_set(X509_getm_notAfter(handle), time_t(validity.upperBound.timeIntervalSince1970)) != nil
            && subjectKey.withUnsafeHandle { X509_set_pubkey(handle, $0) } == 1
        if let issuer {
            ok = ok && issuer.withUnsafeHandle { X509_set_issuer_name(handle, X509_get_subject_name($0)) } == 1
        } else {
            ok = ok && X509_set_issuer_name(handle, name) == 1
        }
        guard ok else { throw .drain(operation) }

        var extensions: [(String, String)] = [
            ("basicConstraints", isCertificateAuthority ? "critical,CA:TRUE" : "critical,CA:FALSE"),
            ("keyUsage", isCertificateAuthority ? "critical,keyCertSign,cRLSign" : "critical,digitalSignature"),
            ("subjectKeyIdentifier", "hash"),
        ]
        if issuer != nil { extensions.append(("authorityKeyIdentifier", "keyid:always")) }
        extensions += markerOIDs.map { ($0, "DER:05:00") }
        // The extension context keeps the issuer's pointer: it is used only inside the issuer's withUnsafeHandle.
        func addExtensions(issuedBy issuerHandle: OpaquePointer) throws(LibCryptoError) {
            var context = X509V3_CTX()
            X509V3_set_ctx(&context, issuerHandle, handle, nil, nil, 0)
            for (extensionName, value) in extensions {
                guard let created = X509V3_EXT_nconf(nil, &context, extensionName, value) else { throw .drain("\(operation): \(extensionName)") }
                defer { X509_EXTENSION_free(created) }
                guard X509_add_ext(handle, created, -1) == 1 else { throw .drain("\(operation): \(extensionName)") }
            }
        }
        if let issuer {
            try issuer.withUnsafeHandle { (issuerHandle) throws(LibCryptoError) in try addExtensions(issuedBy: issuerHandle) }
        } else {
            try addExtensions(issuedBy: handle)
        }
        guard issuerKey.withUnsafeHandle({ X509_sign(handle, $0, digest.algorithm) }) > 0 else { throw .drain(operation) }
        return withExtendedLifetime(issuer) { certificate }
    }
}
