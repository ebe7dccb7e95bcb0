/// How many decompressed bytes one document may still expand to: one budget for a whole
/// archive (every entry it reads, together), so that many entries, or one entry read for
/// many references, cannot each take the whole limit.
public final class ExpansionBudget {
    /// The most bytes the document may expand to.
    public let limit: Int
    /// The bytes expanded so far.
    public private(set) var used = 0

    public init(limit: Int) { self.limit = max(limit, 0) }

    /// The bytes still allowed.
    public var remaining: Int { limit - min(used, limit) }

    /// Counts `count` more bytes; false once the total has passed the limit.
    @discardableResult
    public func spend(_ count: Int) -> Bool {
        used += max(count, 0)
        return used <= limit
    }
}
