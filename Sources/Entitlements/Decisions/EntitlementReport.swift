import Foundation

/// Everything one check produced: the decision, each proof's verification and outcome,
/// the time it judged by, and the state to remember for next time.
public struct EntitlementReport: Sendable {
    public var decision: EntitlementDecision
    public var proofs: [ProofReport]
    /// The clock's reading.
    public var now: Date
    /// Whether the clock is behind the high-water mark (beyond the tolerance).
    public var clockRolledBack: Bool
    /// The state after this check: save it to the `--state` file.
    public var state: EntitlementState
}
