/// The operator's rules: which tier each gated action needs and the free tier's limits.
/// Every value has a default (the table in docs/entitlements.md); a policy file overrides some.
public struct EntitlementPolicy: Equatable, Sendable {
    /// A free user may create notes while they have fewer than this.
    public var freeNoteLimit = 5
    /// The tier that may export a PDF with its annotations (`flatten`).
    public var exportAnnotated = Tier.pro
    /// The tier that may search handwriting.
    public var handwritingSearch = Tier.pro
    /// Suggest Pro only from this many full days after first use…
    public var suggestProAfterDays = 7
    /// …and only to a user with at least this many notes.
    public var suggestProMinNotes = 3

    public init(freeNoteLimit: Int = 5, exportAnnotated: Tier = .pro, handwritingSearch: Tier = .pro,
                suggestProAfterDays: Int = 7, suggestProMinNotes: Int = 3) {
        self.freeNoteLimit = freeNoteLimit
        self.exportAnnotated = exportAnnotated
        self.handwritingSearch = handwritingSearch
        self.suggestProAfterDays = suggestProAfterDays
        self.suggestProMinNotes = suggestProMinNotes
    }

    public static let keys = ["freeNoteLimit", "exportAnnotated", "handwritingSearch", "suggestProAfterDays", "suggestProMinNotes"]

    /// Reads a policy file: a JSON object with any of `keys`.
    public static func load(path: String) throws(EntitlementConfigurationError) -> EntitlementPolicy {
        let reader = try JSONObjectReader(path: path, role: "policy", known: keys)
        var policy = EntitlementPolicy()
        let tiers = Tier.allCases.map(\.rawValue)
        if let limit = try reader.count("freeNoteLimit") { policy.freeNoteLimit = limit }
        if let tier = try reader.choice("exportAnnotated", from: tiers) { policy.exportAnnotated = Tier(rawValue: tier)! }
        if let tier = try reader.choice("handwritingSearch", from: tiers) { policy.handwritingSearch = Tier(rawValue: tier)! }
        if let days = try reader.count("suggestProAfterDays") { policy.suggestProAfterDays = days }
        if let notes = try reader.count("suggestProMinNotes") { policy.suggestProMinNotes = notes }
        return policy
    }
}
