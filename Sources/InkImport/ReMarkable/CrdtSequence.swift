/// A CRDT sequence's items put in the order the tablet shows them.
///
/// Each item names the item to its left and to its right (or the sequence's
/// ends); the order is a topological sort of those constraints (Kahn's
/// algorithm) that, among items ready at the same time (concurrent inserts
/// at one place), takes the higher author first, then the lower counter: the
/// order rmscene 0.8 (`crdt_sequence.toposort_items`) gives, measured against
/// the tablet. Unknown neighbours count as the ends. Deleted items take part
/// in the ordering; callers drop them afterwards.
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
        // Later duplicates of an id replace earlier ones, as in a dictionary.
        let live = items.indices.filter { indexOf[items[$0].id] == $0 }
        // Nodes: item indices, start = n, end = n + 1.
        let n = items.count, start = n, end = n + 1
        var dependents = [[Int]](repeating: [], count: n + 2)
        var inDegree = [Int](repeating: 0, count: n + 2)
        for i in live {
            let item = items[i]
            let left = item.left == .end ? start : (indexOf[item.left] ?? start)
            let right = item.right == .end ? end : (indexOf[item.right] ?? end)
            inDegree[i] += 1
            dependents[left].append(i)
            inDegree[right] += 1
            dependents[i].append(right)
        }
        // A loop is found first, in one pass without the heap: the ordering below costs a
        // logarithm more a node and is never spent on a sequence that has no order.
        var remaining = inDegree
        var ready = [start] + live.filter { remaining[$0] == 0 }
        if remaining[end] == 0 { ready.append(end) }
        var reached = 0
        while let node = ready.popLast() {
            if node < n { reached += 1 }
            for dependent in dependents[node] {
                remaining[dependent] -= 1
                if remaining[dependent] == 0 { ready.append(dependent) }
            }
        }
        guard reached == live.count else { return nil }

        // Start first, end last; between them the higher author, then the lower counter.
        let keys: [(rank: Int, counter: UInt64)] = items.map { (2 + 255 - Int($0.id.author), $0.id.counter) }
            + [(0, 0), (1024, 0)]
        func precedes(_ a: Int, _ b: Int) -> Bool {
            let ka = keys[a], kb = keys[b]
            return ka.rank != kb.rank ? ka.rank < kb.rank : ka.counter < kb.counter
        }
        var heap = MinHeap(precedes: precedes)
        heap.push(start)
        if inDegree[end] == 0 { heap.push(end) }
        for i in live where inDegree[i] == 0 { heap.push(i) }
        var out: [Int] = []
        out.reserveCapacity(live.count)
        while let node = heap.pop() {
            if node < n { out.append(node) }
            if node == end { break }
            for dependent in dependents[node] {
                inDegree[dependent] -= 1
                if inDegree[dependent] == 0 { heap.push(dependent) }
            }
        }
        return out.count == live.count ? out : nil
    }

    /// A binary heap of node numbers under a strict order.
    private struct MinHeap {
        var nodes: [Int] = []
        let precedes: (Int, Int) -> Bool

        init(precedes: @escaping (Int, Int) -> Bool) { self.precedes = precedes }

        mutating func push(_ node: Int) {
            nodes.append(node)
            var i = nodes.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard precedes(nodes[i], nodes[parent]) else { break }
                nodes.swapAt(i, parent)
                i = parent
            }
        }

        mutating func pop() -> Int? {
            guard let first = nodes.first else { return nil }
            let last = nodes.removeLast()
            if !nodes.isEmpty {
                nodes[0] = last
                var i = 0
                while true {
                    let l = 2 * i + 1, r = l + 1
                    var best = i
                    if l < nodes.count, precedes(nodes[l], nodes[best]) { best = l }
                    if r < nodes.count, precedes(nodes[r], nodes[best]) { best = r }
                    guard best != i else { break }
                    nodes.swapAt(i, best)
                    i = best
                }
            }
            return first
        }
    }
}
