import Foundation

/// A proof whose signature, chain and app identity all checked out.
public enum VerifiedProof: Equatable, Sendable {
    case transaction(AppStoreTransaction)
    case renewalInfo(AppStoreRenewalInfo)
    /// A licence and the file of the vendor key that verified it.
    case licence(VendorLicence, verifiedBy: String)

    /// Apple's `signedDate`: a time the App Store vouches has been reached.
    var signedDate: Date? {
        switch self {
        case .transaction(let transaction): transaction.signedDate.map(Date.init(unixMilliseconds:))
        case .renewalInfo(let info): info.signedDate.map(Date.init(unixMilliseconds:))
        case .licence: nil
        }
    }
}
