import Testing
@testable import Entitlements
@testable import LibCrypto

/// Expects a proof to fail with exactly this status and failure code.
func expectFailure(_ result: Result<VerifiedProof, ProofFailure>, _ status: VerificationStatus, _ code: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    switch result {
    case .success(let proof): Issue.record("expected \(status)/\(code), but the proof verified: \(proof)", sourceLocation: sourceLocation)
    case .failure(let failure):
        #expect(failure.status == status, "\(failure)", sourceLocation: sourceLocation)
        #expect(failure.code == code, "\(failure)", sourceLocation: sourceLocation)
    }
}

/// Expects the decision's allowed flag, tier and reason.
func expectDecision(_ report: EntitlementReport, allowed: Bool, tier: Tier, reason: ReasonCode, sourceLocation: SourceLocation = #_sourceLocation) {
    let decision = report.decision
    let proofs = report.proofs.map { "\($0.source): \($0.status) \($0.detail)" }.joined(separator: "; ")
    #expect(decision.allowed == allowed, "\(decision.message) [\(proofs)]", sourceLocation: sourceLocation)
    #expect(decision.tier == tier, "\(decision.message) [\(proofs)]", sourceLocation: sourceLocation)
    #expect(decision.reason == reason, "\(decision.message) [\(proofs)]", sourceLocation: sourceLocation)
}
