/// The word a user most likely meant when they mistyped one ("did you mean --output?"), as git
/// and cargo suggest: the nearest candidate by edit distance (a swap of two neighbouring letters
/// counts one), when it is near enough to be a slip rather than another word; else the one
/// candidate the word begins (`--out` for `--output`).
enum Suggestion {
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().drop { $0 == "-" })
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int, kept: Int)?
        for candidate in candidates where candidate != word {
            let name = Array(candidate.lowercased().drop { $0 == "-" })
            // No slip in a letter (-x is not -o), one in a short name (--pags), two in a longer one (--outptu).
            let shorter = min(typed.count, name.count)
            let allowed = shorter <= 1 ? 0 : shorter <= 4 ? 1 : 2
            let distance = editDistance(typed, name)
            // Between two as near, the one that keeps more of the letters typed: --pags is --pages, not --page.
            let kept = commonSubsequence(typed, name)
            guard distance <= allowed else { continue }
            if let best, (distance, -kept) >= (best.distance, -best.kept) { continue }
            best = (candidate, distance, kept)
        }
        if let best { return best.candidate }
        let begun = candidates.filter { $0.count > word.count && $0.hasPrefix(word) && typed.count >= 3 }
        return begun.count == 1 ? begun[0] : nil
    }

    /// The length of the longest common subsequence of `a` and `b`.
    static func commonSubsequence(_ a: [Character], _ b: [Character]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [0]
            for (j, y) in b.enumerated() { current.append(x == y ? previous[j] + 1 : max(previous[j + 1], current[j])) }
            previous = current
        }
        return previous[b.count]
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
