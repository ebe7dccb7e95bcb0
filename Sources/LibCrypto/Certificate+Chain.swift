import CCrypto
import Foundation

/// Why a certificate chain did not verify, in libcrypto's words.
public struct ChainVerificationFailure: Error, Equatable, Sendable {
    /// The `X509_V_ERR_*` code (9 not yet valid, 10 expired, 20 unknown issuer, …), or 0 for a setup failure.
    public var code: Int32
    public var reason: String
    /// The depth of the certificate at fault (0 is the leaf), or -1.
    public var depth: Int32
}

extension Certificate {
    /// Builds and verifies the path from `self` through `intermediates` to one of `trustedRoots`,
    /// at `time` rather than now, under RFC 5280 strict checks. Only `trustedRoots` are trust
    /// anchors: a root that arrives among the intermediates is not trusted, and partial chains
    /// are not accepted. Returns the verified path, leaf first.
    ///
    /// The corresponding C functions are `X509_STORE_add_cert`, `X509_STORE_CTX_init`,
    /// `X509_STORE_CTX_set_time`, `X509_STORE_CTX_set_flags` and `X509_verify_cert`.
    public func verifyChain(intermediates: [Certificate], trustedRoots: [Certificate], at time: Date) -> Result<[Certificate], ChainVerificationFailure> {
        func setupFailure(_ what: String) -> Result<[Certificate], ChainVerificationFailure> {
            .failure(ChainVerificationFailure(code: 0, reason: LibCryptoError.drain(what).description, depth: -1))
        }
        // A time from an unverified payload can be anything; only years 0001–9999 convert to time_t safely.
        let seconds = time.timeIntervalSince1970
        guard seconds.isFinite, seconds >= -62_135_596_800, seconds <= 253_402_300_799 else {
            return .failure(ChainVerificationFailure(code: 0, reason: "the validation time is outside years 1–9999", depth: -1))
        }
        guard let store = X509_STORE_new() else { return setupFailure("creating a certificate store") }
        defer { X509_STORE_free(store) }
        for root in trustedRoots {
            guard root.withUnsafeHandle({ X509_STORE_add_cert(store, $0) }) == 1 else { return setupFailure("adding a trusted root") }
        }
        guard let untrusted = inkpdf_sk_X509_new_null() else { return setupFailure("creating a certificate list") }
        defer { inkpdf_sk_X509_free(untrusted) } // the list does not own its certificates
        for certificate in intermediates {
            guard certificate.withUnsafeHandle({ inkpdf_sk_X509_push(untrusted, $0) }) > 0 else { return setupFailure("listing intermediates") }
        }
        guard let context = X509_STORE_CTX_new() else { return setupFailure("creating a verification context") }
        defer { X509_STORE_CTX_free(context) }
        let initialised = withUnsafeHandle { X509_STORE_CTX_init(context, store, $0, untrusted) }
        guard initialised == 1 else { return setupFailure("starting verification") }
        X509_STORE_CTX_set_time(context, 0, time_t(seconds.rounded(.down)))
        X509_STORE_CTX_set_flags(context, inkpdf_X509_V_FLAG_X509_STRICT())
        let verified = X509_verify_cert(context)
        defer { LibCryptoError.discardQueued() }
        guard verified == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            return .failure(ChainVerificationFailure(code: code, reason: String(cString: X509_verify_cert_error_string(Int(code))),
                                                     depth: X509_STORE_CTX_get_error_depth(context)))
        }
        guard let chain = X509_STORE_CTX_get0_chain(context) else { return setupFailure("reading the verified chain") }
        var path: [Certificate] = []
        for index in 0..<OPENSSL_sk_num(chain) {
            guard let raw = OPENSSL_sk_value(chain, index) else { continue }
            let certificate = OpaquePointer(raw)
            guard X509_up_ref(certificate) == 1 else { return setupFailure("keeping the verified chain") }
            path.append(Certificate(adopting: certificate))
        }
        return .success(path)
    }
}
