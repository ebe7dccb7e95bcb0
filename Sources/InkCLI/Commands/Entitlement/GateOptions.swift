import InkCommandLine
import Entitlements
import Foundation

/// The options every gated command takes: `--policy FILE`, `--trust FILE`, `--proof FILE`
/// (repeatable) and `--state FILE`. Absent flags fall back to `INKPDF_POLICY`,
/// `INKPDF_TRUST`, `INKPDF_PROOFS` (colon-separated) and `INKPDF_STATE`.
public struct GateOptions: Equatable, Sendable {
    public var policy: String?
    public var trust: String?
    public var proofs: [String] = []
    public var state: String?

    public init(policy: String? = nil, trust: String? = nil, proofs: [String] = [], state: String? = nil) {
        self.policy = policy
        self.trust = trust
        self.proofs = proofs
        self.state = state
    }

    /// The options as they are written on a command line (for a worker process,
    /// which checks the gate again: a hidden verb must not be a way around it).
    public var arguments: [String] {
        OptionHelp.gateArguments(policy: policy, trust: trust, proofs: proofs, state: state)
    }

    /// Records one of the gate's options.
    mutating func set(_ option: String, to value: String) {
        switch option {
        case OptionHelp.policy: policy = value
        case OptionHelp.trust: trust = value
        case OptionHelp.proof: proofs.append(value)
        default: state = value
        }
    }
}
