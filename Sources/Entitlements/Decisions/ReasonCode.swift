/// Why a decision came out as it did: stable snake_case codes that scripts can match.
public enum ReasonCode: String, Codable, Sendable, CaseIterable {
    // Allowed.
    /// Pro through a lifetime purchase, an active subscription or a valid licence.
    case pro
    /// Pro through a subscription in its billing grace period.
    case inGrace = "in_grace"
    /// The action is allowed on every tier.
    case freeAction = "free_action"
    /// The policy makes this action free.
    case freeByPolicy = "free_by_policy"
    /// A free user below the note limit.
    case underNoteLimit = "under_note_limit"
    /// Time to suggest Pro.
    case suggestPro = "suggest_pro"

    // Denied.
    case noteLimit = "note_limit"
    case requiresPro = "requires_pro"
    case expired
    case revoked
    case clockRollback = "clock_rollback"
    case notYetValid = "not_yet_valid"
    case upgraded
    case consumable
    case notAProProduct = "not_a_pro_product"
    case unsupportedProductType = "unsupported_product_type"
    case invalidProof = "invalid_proof"
    /// A proof replaced by a newer proof of the same purchase (a proof's outcome only).
    case superseded
    case alreadyPro = "already_pro"
    case tooEarly = "too_early"
    case tooFewNotes = "too_few_notes"

    /// When no proof grants Pro, the proof outcome that best explains why, first in this list.
    static let explanationPriority: [ReasonCode] = [
        .clockRollback, .revoked, .expired, .notYetValid, .upgraded, .consumable, .notAProProduct, .unsupportedProductType, .invalidProof,
    ]
}
