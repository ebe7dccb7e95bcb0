/// The gate's answer for one action.
public struct EntitlementDecision: Equatable, Sendable {
    public var action: EntitlementAction
    public var allowed: Bool
    public var tier: Tier
    public var reason: ReasonCode
    /// A sentence a person understands: why, and (when denied) what would change it.
    public var message: String
    /// The proof (its source name) that granted Pro, when one did.
    public var grantedBy: String?
}
