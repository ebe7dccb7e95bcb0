/// Warnings counted by kind, so that a hostile file cannot flood the output: each kind is one
/// line, its first occurrence written out with a count of the rest and the pages they were on
/// ("…; the rest are left out (and 499,998 more like it, pages 3-9)"), and the whole at most
/// `maximumLines` lines. Identical warnings are one line. Any reader can keep one for a
/// document (the annotation reader does); formatting a warning after its kind's first is skipped.
public struct WarningTally: Sendable {
    /// At most this many lines (a screenful); the kinds beyond are counted in the last line.
    public static let maximumLines = 40
    /// At most this many page ranges are listed for a kind.
    static let maximumRanges = 6

    private struct Kind: Sendable {
        var first: String
        var count = 1
        var ranges: [ClosedRange<Int>] = []
        var moreRanges = false
    }

    private var order: [String] = []
    private var kinds: [String: Kind] = [:]
    /// How many warnings were added, of every kind.
    public private(set) var total = 0

    public init() {}

    public var isEmpty: Bool { total == 0 }

    /// Counts a warning of `kind` on `page` (if any); `line` is only formed for the kind's first.
    public mutating func add(kind: String, page: Int? = nil, _ line: @autoclosure () -> String) {
        total += 1
        if kinds[kind] == nil {
            order.append(kind)
            kinds[kind] = Kind(first: line())
            if let page { kinds[kind]!.ranges = [page...page] }
            return
        }
        kinds[kind]!.count += 1
        guard let page else { return }
        if let last = kinds[kind]!.ranges.last {
            if last.contains(page) { return }
            if page == last.upperBound + 1 {
                kinds[kind]!.ranges[kinds[kind]!.ranges.count - 1] = last.lowerBound...page
                return
            }
        }
        if kinds[kind]!.ranges.count < Self.maximumRanges { kinds[kind]!.ranges.append(page...page) } else { kinds[kind]!.moreRanges = true }
    }

    /// A warning whose kind is its own text with every run of digits as one `#` (so that
    /// "entry 3" and "entry 4" are one kind).
    public mutating func add(_ line: String, page: Int? = nil, kindOf problem: String) {
        add(kind: Self.kind(of: problem), page: page, line)
    }

    /// `text` with every run of digits replaced by `#`.
    public static func kind(of text: String) -> String {
        var kind = ""
        var inDigits = false
        for character in text {
            if character.isASCII, character.isNumber {
                if !inDigits { kind.append("#") }
                inDigits = true
            } else {
                kind.append(character)
                inDigits = false
            }
        }
        return kind
    }

    /// The lines, in the order each kind first appeared.
    public var lines: [String] {
        var lines: [String] = []
        for (index, key) in order.enumerated() {
            if lines.count == Self.maximumLines - 1, order.count > Self.maximumLines {
                let rest = order[index...].reduce(0) { $0 + kinds[$1]!.count }
                lines.append("… and \(Self.grouped(rest)) more warning\(rest == 1 ? "" : "s") of \(order.count - index) other kinds")
                break
            }
            let kind = kinds[key]!
            guard kind.count > 1 else { lines.append(kind.first); continue }
            var more = "and \(Self.grouped(kind.count - 1)) more like it"
            if !kind.ranges.isEmpty {
                let pages = kind.ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
                let many = kind.ranges.count > 1 || kind.ranges[0].count > 1
                more += ", page\(many ? "s" : "") " + pages.joined(separator: ", ") + (kind.moreRanges ? ", …" : "")
            }
            lines.append("\(kind.first) (\(more))")
        }
        return lines
    }

    /// `value` with a comma every three digits (499,998).
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }
}
