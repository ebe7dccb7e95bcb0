/// A CRDT sequence's items put in the order the tablet shows them.
///
/// Each item names the item to its left and to its right (or the sequence's
/// ends); the order is a topological sort of those constraints taken in
/// rounds, every round's ready items by ascending id, which is how rmscene
/// (`crdt_sequence.toposort_items`) orders them. Unknown neighbours count as
/// the ends. Deleted items take part in the ordering; callers drop them after.
enum CrdtSequence {
    struct Item {
        var id: CrdtID
        var left: CrdtID
        var right: CrdtID
    }

    /// The items' indices in display order; nil when the constraints form a cycle.
    static func order(_ items: [Item]) -> [Int]? {
        guard !items.isEmpty else { return [] }
        var indexOf: [CrdtID: Int] = [:]
        for (i, item) in items.enumerated() { indexOf[item.id] = i }
        // Nodes: items 0..<n, start = n, end = n + 1.
        let n = items.count, start = n, end = n + 1
        var successors = [[Int]](repeating: [], count: n + 2)
        var pending = [Int](repeating: 0, count: n + 2)
        var seenEdges = Set<Int64>()
        func edge(_ from: Int, _ to: Int) {
            guard seenEdges.insert(Int64(from) << 32 | Int64(to)).inserted else { return }
            successors[from].append(to)
            pending[to] += 1
        }
        // Later duplicates of an id replace earlier ones, as in a dictionary.
        for (i, item) in items.enumerated() where indexOf[item.id] == i {
            let left = item.left == .end ? start : (indexOf[item.left] ?? start)
            let right = item.right == .end ? end : (indexOf[item.right] ?? end)
            edge(left, i)
            edge(i, right)
        }
        let live = items.indices.filter { indexOf[items[$0].id] == $0 }
        var ready = (0..<(n + 2)).filter { pending[$0] == 0 && ($0 >= n || indexOf[items[$0].id] == $0) }
        var out: [Int] = []
        out.reserveCapacity(live.count)
        while !ready.isEmpty {
            if ready == [end] { break }
            out.append(contentsOf: ready.filter { $0 < n }.sorted { items[$0].id < items[$1].id })
            var next: [Int] = []
            for node in ready {
                for successor in successors[node] {
                    pending[successor] -= 1
                    if pending[successor] == 0 { next.append(successor) }
                }
            }
            ready = next
        }
        return out.count == live.count ? out : nil
    }
}
