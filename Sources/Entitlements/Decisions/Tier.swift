/// What a user has: the free tier, or Pro through a verified proof.
public enum Tier: String, Codable, Sendable, CaseIterable {
    case free
    case pro
}
