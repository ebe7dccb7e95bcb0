import Entitlements
import Foundation

/// `inkpdf licence verify FILE --trust FILE [--now DATE] [--json]`.
public struct LicenceVerifyArguments: Equatable, Sendable {
    public var path: String
    public var trust: String?
    public var now: Date?
    public var json = false
}
