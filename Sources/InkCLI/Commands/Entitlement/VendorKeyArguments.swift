import Entitlements
import Foundation

/// `inkpdf licence keygen --private vendor.pem --public vendor.pub.pem`.
public struct VendorKeyArguments: Equatable, Sendable {
    public var privateKey: String
    public var publicKey: String
}
