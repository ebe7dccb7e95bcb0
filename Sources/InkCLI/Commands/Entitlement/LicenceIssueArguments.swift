import Entitlements
import Foundation

/// `inkpdf licence issue --key vendor.pem --product P --bundle B --customer C [--expires DATE]
/// [--not-before DATE] [--id ID] [--now DATE] [-o FILE]`.
public struct LicenceIssueArguments: Equatable, Sendable {
    public var key: String
    public var product: String
    public var bundleId: String
    public var customer: String
    public var expires: Date?
    public var notBefore: Date?
    public var id: String?
    public var now: Date?
    public var output: String?
}
