import Foundation

extension EntitlementChecker {
    /// The policy table: what each action needs, given the tier.
    func decide(_ action: EntitlementAction, tier: TierEvaluation, usage: Usage, firstUse: Date, now: Date,
                proofs: [ProofReport]) -> EntitlementDecision {
        let grantedBy = tier.tier == .pro ? tier.proofIndex.map { proofs[$0].source } : nil
        func decision(_ allowed: Bool, _ reason: ReasonCode, _ message: String) -> EntitlementDecision {
            EntitlementDecision(action: action, allowed: allowed, tier: tier.tier, reason: reason, message: message, grantedBy: grantedBy)
        }
        let proSentence = tier.detail.map { "Pro through \($0)" } ?? "Pro"
        switch action {
        case .viewAnnotated:
            return decision(true, .freeAction, "\(action.phrase.capitalisedFirst) is allowed on every tier.")
        case .createNote:
            if tier.tier == .pro { return decision(true, tier.reason, "Creating notes is unlimited with \(proSentence).") }
            let limit = policy.freeNoteLimit
            if usage.noteCount < limit {
                return decision(true, .underNoteLimit, "The free tier allows \(limit) notes; \(usage.noteCount) exist, so one more may be created.")
            }
            return decision(false, .noteLimit, "The free tier allows \(limit) notes and \(usage.noteCount) exist (\(usage.noteCount)/\(limit)); "
                            + "Pro removes the limit\(freeExplanation(tier)).")
        case .exportAnnotated, .handwritingSearch:
            let needed = action == .exportAnnotated ? policy.exportAnnotated : policy.handwritingSearch
            if needed == .free { return decision(true, .freeByPolicy, "\(action.phrase.capitalisedFirst) is free under this policy.") }
            if tier.tier == .pro { return decision(true, tier.reason, "\(action.phrase.capitalisedFirst) is allowed with \(proSentence).") }
            return decision(false, tier.reason, "\(action.phrase.capitalisedFirst) needs Pro\(freeExplanation(tier)).")
        case .suggestPro:
            if tier.tier == .pro { return decision(false, .alreadyPro, "The user has \(proSentence); never suggest it.") }
            let day = Int((now.timeIntervalSince(firstUse) / 86_400).rounded(.down))
            if day < policy.suggestProAfterDays {
                return decision(false, .tooEarly, "Suggest Pro from day \(policy.suggestProAfterDays) after first use; this is day \(day).")
            }
            if usage.noteCount < policy.suggestProMinNotes {
                return decision(false, .tooFewNotes, "Suggest Pro only to users with at least \(policy.suggestProMinNotes) notes; this one has \(usage.noteCount).")
            }
            return decision(true, .suggestPro, "Day \(day) since first use with \(usage.noteCount) notes on the free tier: suggest Pro, gently.")
        }
    }

    /// Why the user is on the free tier, as a clause after "needs Pro".
    private func freeExplanation(_ tier: TierEvaluation) -> String {
        switch tier.reason {
        case .requiresPro: return ", and no proof of a Pro purchase was given"
        case .clockRollback:
            return ", and the clock is behind the latest time already seen (\(tier.state.highWaterMark?.iso8601 ?? "?")), "
                + "so time-limited Pro is refused until the clock is right: \(tier.detail ?? "")"
        case .invalidProof: return ", and no proof given could be verified: \(tier.detail ?? "")"
        default: return ", and no proof given grants it: \(tier.detail ?? "")"
        }
    }
}

extension String {
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
