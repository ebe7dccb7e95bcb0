import InkPipeline

/// `--shard K/N`: the K-th of N disjoint parts of a batch (K from 1 to N).
///
/// Documents are dealt out largest first (ties by relative path, byte order),
/// each to the part with the fewest bytes so far (ties: the lowest K). The
/// deal depends only on the source tree (paths and sizes), never on the
/// machine, the output or earlier runs, so every machine that runs part K of
/// the same tree gets the same documents, and the N parts together hold
/// every document exactly once.
public struct BatchShard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    /// Nil unless 1 ≤ index ≤ count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`, e.g. `2/8`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// This part's documents, ordered by relative path.
    public func select(_ documents: [BatchDocument]) -> [BatchDocument] {
        Self.deal(documents, into: count)[index - 1]
    }

    /// All `count` parts, each ordered by relative path.
    public static func deal(_ documents: [BatchDocument], into count: Int) -> [[BatchDocument]] {
        precondition(count >= 1, "a batch has at least one shard")
        let largestFirst = documents.sorted { a, b in
            a.size != b.size ? a.size > b.size : BatchDocument.precedes(a, b)
        }
        var parts = Array(repeating: [BatchDocument](), count: count)
        var loads = Array(repeating: Int64(0), count: count)
        for document in largestFirst {
            var lightest = 0
            for part in 1..<count where loads[part] < loads[lightest] { lightest = part }
            parts[lightest].append(document)
            loads[lightest] += max(document.size, 1)
        }
        return parts.map { $0.sorted(by: BatchDocument.precedes) }
    }
}
