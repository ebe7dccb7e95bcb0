/// What a proof claims to be, told apart by the checker from its header and payload.
public enum ProofKind: String, Codable, Sendable {
    case appStoreTransaction
    case appStoreRenewalInfo
    case vendorLicence
    case unknown
}
