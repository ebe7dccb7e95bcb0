import Foundation

/// The gate: verifies proofs, works out the tier, and decides an action under the policy.
/// Pure apart from the clock it is given; the caller loads and saves the state.
public struct EntitlementChecker: Sendable {
    public var trust: TrustConfiguration?
    public var policy: EntitlementPolicy
    public var clock: any WallClock
    /// How far the clock may lag the high-water mark before it counts as turned back
    /// (clocks drift, and Apple's servers are not ours).
    public var rollbackTolerance: TimeInterval = 5 * 60
    /// How early a licence may be used before its `nbf` (a vendor clock slightly ahead).
    public var notBeforeLeeway: TimeInterval = 60

    public init(trust: TrustConfiguration?, policy: EntitlementPolicy = EntitlementPolicy(), clock: any WallClock = SystemClock()) {
        self.trust = trust
        self.policy = policy
        self.clock = clock
    }

    /// Decides `action` for a user with these proofs and this usage.
    public func check(_ action: EntitlementAction, proofs: [ProofSource], usage: Usage = Usage(),
                      state: EntitlementState = EntitlementState()) -> EntitlementReport {
        let now = clock.now
        var reports = proofs.map { source -> ProofReport in
            guard let trust else { return ProofReport(source: source.name, kind: .unknown, result: .failure(.noTrustConfiguration)) }
            let (kind, result) = ProofVerifier(trust: trust).verify(source.jws, now: now)
            return ProofReport(source: source.name, kind: kind, result: result)
        }
        let evaluation = evaluateTier(&reports, now: now, state: state)
        var newState = evaluation.state
        let firstUse = usage.firstUse ?? state.firstUse ?? now
        if newState.firstUse == nil { newState.firstUse = firstUse }
        let decision = decide(action, tier: evaluation, usage: usage, firstUse: firstUse, now: now, proofs: reports)
        return EntitlementReport(decision: decision, proofs: reports, now: now, clockRolledBack: evaluation.clockRolledBack, state: newState)
    }
}
