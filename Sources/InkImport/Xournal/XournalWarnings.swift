/// One thing the import changed or left out, and where.
struct XournalWarning: Sendable, Equatable {
    /// What was changed and why, the same words for every element it happens to: the
    /// document's warnings are counted by it.
    var kind: String
    /// Where, e.g. "page 2, stroke 5" or "12:4: page 1, element 3".
    var place: String
    /// The whole warning for this element (its place and particulars), said when it is the only one of its kind.
    var text: String
    /// What was particular to this element ("tool 'brush'", "split into 3"), said of the first of a kind met more often.
    var particular: String?

    init(_ kind: String, at place: String, text: String? = nil, particular: String? = nil) {
        self.kind = kind
        self.place = place
        self.text = text ?? "\(place): \(kind)"
        self.particular = particular
    }
}

/// A document's warnings, one line per kind: a kind met once is said as it was met; met more
/// often, with its count and its first place (and what was particular to it), so that a file whose every stroke needs the same
/// repair gives one line, not one per stroke. Kinds are kept in the order first met, at most
/// `maximumKinds` of them (a hostile file could invent a kind per element); the rest are counted.
struct XournalWarnings: Sendable {
    static let maximumKinds = 100

    private var kinds: [String] = []
    private var firsts: [String: XournalWarning] = [:]
    private var counts: [String: Int] = [:]
    private var uncounted = 0

    mutating func add(_ warning: XournalWarning) {
        if let count = counts[warning.kind] {
            counts[warning.kind] = count + 1
        } else if kinds.count < Self.maximumKinds {
            kinds.append(warning.kind)
            firsts[warning.kind] = warning
            counts[warning.kind] = 1
        } else {
            uncounted += 1
        }
    }

    var lines: [String] {
        kinds.map { kind in
            let count = counts[kind] ?? 1, first = firsts[kind]!
            if count == 1 { return first.text }
            return "\(count) × \(kind) (the first at \(first.place)\(first.particular.map { ", \($0)" } ?? ""))"
        } + (uncounted > 0 ? ["… and \(uncounted) more warnings of other kinds"] : [])
    }
}
