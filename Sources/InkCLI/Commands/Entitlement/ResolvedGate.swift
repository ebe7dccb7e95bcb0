import Entitlements

/// The gate's inputs, read from files named by flags or the environment.
struct ResolvedGate {
    var trust: TrustConfiguration?
    var policy: EntitlementPolicy
    var proofs: [ProofSource]
    var statePath: String?
    var state: EntitlementState
}
