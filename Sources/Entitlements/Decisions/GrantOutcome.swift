import Foundation

/// What one proof does for the user's tier.
public struct GrantOutcome: Equatable, Sendable {
    /// Whether this proof makes the user Pro now.
    public var grantsPro: Bool
    /// `pro` or `in_grace` when it grants; otherwise why not (`expired`, `revoked`, …).
    public var reason: ReasonCode
    /// When the grant ends; nil for a lifetime grant (or no grant).
    public var until: Date?
    /// One sentence about this proof.
    public var detail: String

    static func grant(_ reason: ReasonCode = .pro, until: Date?, _ detail: String) -> GrantOutcome {
        GrantOutcome(grantsPro: true, reason: reason, until: until, detail: detail)
    }

    static func none(_ reason: ReasonCode, _ detail: String) -> GrantOutcome {
        GrantOutcome(grantsPro: false, reason: reason, until: nil, detail: detail)
    }
}
