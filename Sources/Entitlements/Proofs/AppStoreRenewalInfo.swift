/// The fields of StoreKit 2 signed renewal info (`JWSRenewalInfoDecodedPayload`) that decide a grace period.
public struct AppStoreRenewalInfo: Decodable, Equatable, Sendable {
    public var originalTransactionId: String?
    public var productId: String?
    public var autoRenewProductId: String?
    public var autoRenewStatus: Int?
    public var isInBillingRetryPeriod: Bool?
    public var gracePeriodExpiresDate: Int64?
    public var expirationIntent: Int?
    public var signedDate: Int64?
    public var environment: String?
}
