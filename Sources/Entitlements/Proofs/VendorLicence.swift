import LibCrypto
import Foundation

/// The claims of an inkpdf vendor licence: a compact JWS with header
/// `{"alg":"ES256","typ":"inkpdf-licence"}`, signed by a vendor key the trust file lists.
/// Times are JWT NumericDates (seconds).
public struct VendorLicence: Codable, Equatable, Sendable {
    /// The licence id.
    public var jti: String
    /// The customer.
    public var sub: String
    /// The bundle id of the app it is for.
    public var aud: String
    public var product: String
    public var iat: Int64
    public var nbf: Int64
    /// Absent for a licence that never expires.
    public var exp: Int64?

    public init(id: String, customer: String, bundleId: String, product: String, issuedAt: Date, notBefore: Date, expires: Date?) {
        jti = id
        sub = customer
        aud = bundleId
        self.product = product
        iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        nbf = Int64(notBefore.timeIntervalSince1970.rounded(.down))
        exp = expires.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }

    public var notBefore: Date { Date(timeIntervalSince1970: TimeInterval(nbf)) }
    public var expires: Date? { exp.map { Date(timeIntervalSince1970: TimeInterval($0)) } }

    /// The JOSE header every licence carries: no keys, ever.
    static let header = #"{"alg":"ES256","typ":"inkpdf-licence"}"#

    /// Signs the licence with the vendor's P-256 key: the compact JWS a customer keeps.
    public func issue(signingKey: PrivateKey) throws(LibCryptoError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let claims = (try? encoder.encode(self)) ?? Data()
        let signingInput = Base64URL.encode(Array(Self.header.utf8)) + "." + Base64URL.encode([UInt8](claims))
        let signature = try signingKey.signES256(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }
}
