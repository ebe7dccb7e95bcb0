import Entitlements
import Foundation

/// `inkpdf entitlement check --action ACTION [--proof FILE]… [--notes N] [--first-use DATE]
/// [--policy FILE] [--trust FILE] [--state FILE] [--now DATE] [--json]`.
public struct EntitlementCheckArguments: Equatable, Sendable {
    public var action: EntitlementAction
    public var gate = GateOptions()
    public var notes = 0
    public var firstUse: Date?
    public var now: Date?
    public var json = false

    public init(action: EntitlementAction, gate: GateOptions = GateOptions(), notes: Int = 0, firstUse: Date? = nil, now: Date? = nil, json: Bool = false) {
        self.action = action
        self.gate = gate
        self.notes = notes
        self.firstUse = firstUse
        self.now = now
        self.json = json
    }
}
