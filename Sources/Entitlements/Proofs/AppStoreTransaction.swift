import Foundation

/// The fields of a StoreKit 2 signed transaction (`JWSTransactionDecodedPayload`) that
/// decide an entitlement. Dates are UNIX milliseconds, as Apple sends them.
public struct AppStoreTransaction: Decodable, Equatable, Sendable {
    public var transactionId: String?
    public var originalTransactionId: String?
    public var bundleId: String?
    public var productId: String?
    /// "Auto-Renewable Subscription", "Non-Consumable", "Consumable" or "Non-Renewing Subscription".
    public var type: String?
    /// "PURCHASED" or "FAMILY_SHARED".
    public var inAppOwnershipType: String?
    public var purchaseDate: Int64?
    public var expiresDate: Int64?
    public var signedDate: Int64?
    public var revocationDate: Int64?
    public var revocationReason: Int?
    public var revocationType: String?
    public var isUpgraded: Bool?
    public var environment: String?

    /// The purchase this transaction belongs to: renewals and restores share it.
    public var purchaseIdentity: String { originalTransactionId ?? transactionId ?? "?" }
}
