/// The outcome of verifying one proof, named as in Apple's App Store Server Library
/// (the Java/Python set): scripts can match on these.
public enum VerificationStatus: String, Sendable, Codable, CaseIterable {
    case ok
    /// Not three base64url segments of JSON, or a required field is missing or mistyped.
    case invalidJWTFormat
    /// A certificate in `x5c` does not parse, or nothing is configured to trust.
    case invalidCertificate
    /// `x5c` does not hold exactly three certificates.
    case invalidChainLength
    /// The chain does not lead to a configured root, lacks Apple's OIDs, or was not valid at `signedDate`.
    case invalidChain
    /// The algorithm is not ES256, the chain is missing, or the signature does not match.
    case verificationFailure
    /// The proof is for another app (bundle id, licence audience).
    case invalidAppIdentifier
    /// The proof comes from an environment the configuration does not accept.
    case invalidEnvironment
}
