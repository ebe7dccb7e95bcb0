import Entitlements
import Foundation

/// `inkpdf entitlement check …` and `inkpdf licence issue|verify|keygen …`.
public enum EntitlementCommand: Equatable, Sendable {
    case check(EntitlementCheckArguments)
    case issueLicence(LicenceIssueArguments)
    case verifyLicence(LicenceVerifyArguments)
    case generateVendorKey(VendorKeyArguments)
}
