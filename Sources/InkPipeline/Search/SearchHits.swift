import InkModel

/// The hits of one document, gathered as its sources are searched: the same words at the same
/// place found again (by another source: the text layer and the ink beside it, the embedded ink)
/// are one hit, and a bounded number are kept: at most `maximumPerPage` a page and
/// `maximumPerDocument` in all, in the order found; the others are counted in `leftOut`.
///
/// A hit repeats a kept one when it is on the same page, of the same kind, with the same folded
/// words, and their boxes overlap (or neither has a box). The kept hits of one kind of words are
/// found by hashing (the words, then the cells of a grid their boxes cover), so that a page of
/// thousands of hits of one word, each at its own place, costs their number, not its square.
/// Where boxes span many cells, the hits of those words are compared one by one, at most
/// `maximumPerPage` of them, so that a document costs at most its hits times that bound.
public struct SearchHits: Sendable {
    /// The most hits kept for one page (a dense page has a few hundred words).
    public static let maximumPerPage = 1_000
    /// The most hits kept for one document.
    public static let maximumPerDocument = 100_000

    /// Hits found and not kept, past `maximumPerPage` or `maximumPerDocument` (not checked against
    /// each other, so the same words found twice there count twice).
    public private(set) var leftOut = 0
    /// The hits kept: `byPage[page]` in the order found.
    private var byPage: [Int: [SearchHit]] = [:]
    private var count = 0
    private var places: [Words: Places] = [:]

    public init() {}

    /// Whether nothing was kept.
    public var isEmpty: Bool { count == 0 }

    /// The hits kept, in page order, and in the order found within a page.
    public var hits: [SearchHit] { byPage.keys.sorted().flatMap { byPage[$0]! } }

    /// Keeps `hit` unless it repeats a kept hit or a bound is reached.
    public mutating func add(_ hit: SearchHit) {
        let onPage = byPage[hit.page]?.count ?? 0
        guard onPage < Self.maximumPerPage, count < Self.maximumPerDocument else {
            leftOut += 1
            return
        }
        let key = Words(page: hit.page, kind: hit.kind, words: hit.words.map { $0.map(\.value) })
        guard places[key, default: Places()].insert(hit.box) else { return }
        byPage[hit.page, default: []].append(hit)
        count += 1
    }

    public mutating func add(contentsOf hits: [SearchHit]) {
        for hit in hits { add(hit) }
    }

    /// The warning for the hits left out of `file`'s, or nil when none was.
    public func leftOutWarning(file: String) -> String? {
        guard leftOut > 0 else { return nil }
        return "\(file): \(leftOut) more hit\(leftOut == 1 ? " was" : "s were") found and not listed "
            + "(at most \(Self.maximumPerPage) a page and \(Self.maximumPerDocument) a document are); search for more words to narrow it"
    }

    /// What tells hits apart before their places: page, kind and folded words.
    private struct Words: Hashable {
        var page: Int
        var kind: SearchHit.Kind
        var words: [[UInt32]]
    }

    /// The places of the kept hits of one `Words`: their boxes by the cells of a grid they cover.
    /// Two boxes that overlap share a point, so they share that point's cell.
    private struct Places: Sendable {
        /// The grid's cells are `cellSide` points square.
        static let cellSide = 16.0
        /// A box covering more cells than this across or down is kept in `wide` instead.
        static let widestSpan = 8

        struct Cell: Hashable {
            var column: Int
            var row: Int
        }

        /// A hit without a box was kept: another without one repeats it.
        var unplaced = false
        var cells: [Cell: [RecognisedText.Box]] = [:]
        /// Boxes that span too many cells to be entered in each: compared with every box.
        var wide: [RecognisedText.Box] = []
        /// Every box, in the order kept: what a wide box is compared with.
        var all: [RecognisedText.Box] = []

        /// Enters `box` unless a kept one overlaps it (or, for nil, unless a hit without a box was
        /// kept): whether it was entered.
        mutating func insert(_ box: RecognisedText.Box?) -> Bool {
            guard let box else {
                defer { unplaced = true }
                return !unplaced
            }
            let (columns, rows) = (Self.span(box.x, box.maxX), Self.span(box.y, box.maxY))
            let isWide = columns.count > Self.widestSpan || rows.count > Self.widestSpan
            if isWide {
                if all.contains(where: { Self.overlap($0, box) }) { return false }
            } else {
                if wide.contains(where: { Self.overlap($0, box) }) { return false }
                for column in columns {
                    for row in rows where cells[Cell(column: column, row: row)]?.contains(where: { Self.overlap($0, box) }) == true {
                        return false
                    }
                }
            }
            all.append(box)
            if isWide {
                wide.append(box)
            } else {
                for column in columns {
                    for row in rows { cells[Cell(column: column, row: row), default: []].append(box) }
                }
            }
            return true
        }

        /// The cells from `low` to `high` along one axis (coordinates beyond ±2^50 cells share the last).
        static func span(_ low: Double, _ high: Double) -> ClosedRange<Int> {
            func cell(_ value: Double) -> Int {
                let index = (value / cellSide).rounded(.down)
                guard !index.isNaN else { return 0 }
                return Int(min(max(index, -0x1p50), 0x1p50))
            }
            let first = cell(low), last = cell(high)
            return first...max(first, last)
        }

        /// Whether two boxes share a point (edges included).
        static func overlap(_ a: RecognisedText.Box, _ b: RecognisedText.Box) -> Bool {
            a.x <= b.maxX && b.x <= a.maxX && a.y <= b.maxY && b.y <= a.maxY
        }
    }
}
