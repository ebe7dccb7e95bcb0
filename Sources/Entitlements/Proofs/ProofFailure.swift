/// Why a proof did not verify: each case carries what a person needs to fix it, maps to
/// one `VerificationStatus`, and has a stable `code`.
public enum ProofFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case segmentCount(Int)
    case badBase64URL(segment: String)
    case badJSON(segment: String, detail: String)
    case unknownPayload
    case wrongType(found: String?)
    case unsupportedAlgorithm(String?)
    case missingCertificateChain
    case chainLength(Int)
    case badCertificate(index: Int, detail: String)
    case noTrustedRoots
    case leafKeyNotP256
    case untrustedChain(detail: String)
    case missingMarkerOID(certificate: String, oid: String)
    case badSignature(detail: String)
    case noVendorKeys
    case noTrustConfiguration
    case wrongBundle(expected: String, found: String?)
    case wrongEnvironment(found: String?, accepted: [String])

    public var status: VerificationStatus {
        switch self {
        case .segmentCount, .badBase64URL, .badJSON, .unknownPayload, .wrongType: .invalidJWTFormat
        case .unsupportedAlgorithm, .missingCertificateChain, .badSignature, .noVendorKeys, .noTrustConfiguration: .verificationFailure
        case .chainLength: .invalidChainLength
        case .badCertificate, .noTrustedRoots, .leafKeyNotP256: .invalidCertificate
        case .untrustedChain, .missingMarkerOID: .invalidChain
        case .wrongBundle: .invalidAppIdentifier
        case .wrongEnvironment: .invalidEnvironment
        }
    }

    /// A stable snake_case name for the case.
    public var code: String {
        switch self {
        case .segmentCount: "segment_count"
        case .badBase64URL: "bad_base64url"
        case .badJSON: "bad_json"
        case .unknownPayload: "unknown_payload"
        case .wrongType: "wrong_type"
        case .unsupportedAlgorithm: "unsupported_algorithm"
        case .missingCertificateChain: "missing_x5c"
        case .chainLength: "chain_length"
        case .badCertificate: "bad_certificate"
        case .noTrustedRoots: "no_trusted_roots"
        case .leafKeyNotP256: "leaf_key_not_p256"
        case .untrustedChain: "untrusted_chain"
        case .missingMarkerOID: "missing_oid"
        case .badSignature: "bad_signature"
        case .noVendorKeys: "no_vendor_keys"
        case .noTrustConfiguration: "no_trust_configuration"
        case .wrongBundle: "wrong_bundle"
        case .wrongEnvironment: "wrong_environment"
        }
    }

    public var description: String {
        switch self {
        case .segmentCount(let count): "a compact JWS has 3 dot-separated segments, this has \(count)"
        case .badBase64URL(let segment): "the \(segment) segment is not unpadded base64url"
        case .badJSON(let segment, let detail): "the \(segment) is not the expected JSON: \(detail)"
        case .unknownPayload: "the payload is neither an App Store transaction, App Store renewal info, nor an inkpdf licence"
        case .wrongType(let found): "an inkpdf licence has typ \"inkpdf-licence\", this has \(found.map { "\"\($0)\"" } ?? "none")"
        case .unsupportedAlgorithm(let alg): "only ES256 is accepted, the header says \(alg.map { "\"\($0)\"" } ?? "nothing")"
        case .missingCertificateChain: "the header has no x5c certificate chain"
        case .chainLength(let count): "x5c must hold 3 certificates (leaf, intermediate, root), it holds \(count)"
        case .badCertificate(let index, let detail): "x5c[\(index)] is not a DER certificate in base64: \(detail)"
        case .noTrustedRoots: "no Apple root certificate is configured (appleRootCertificates in the trust file)"
        case .leafKeyNotP256: "the signing certificate's key is not P-256"
        case .untrustedChain(let detail): "the certificate chain does not lead to a configured root at signedDate: \(detail)"
        case .missingMarkerOID(let certificate, let oid): "the \(certificate) certificate lacks Apple's extension \(oid)"
        case .badSignature(let detail): "the signature does not match: \(detail)"
        case .noVendorKeys: "no vendor public key is configured (vendorPublicKeys in the trust file)"
        case .noTrustConfiguration: "no trust configuration was given, so no proof can be verified"
        case .wrongBundle(let expected, let found): "made for \(found.map { "\"\($0)\"" } ?? "no app"), not \"\(expected)\""
        case .wrongEnvironment(let found, let accepted):
            "from the \(found ?? "unnamed") environment; the trust file accepts \(accepted.joined(separator: ", "))"
        }
    }
}
