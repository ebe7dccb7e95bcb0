import InkModel

/// One place a query was found: a page, the words there, printed or handwritten, and where they lie.
public struct SearchHit: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// Ink: a PDF's invisible text in inkpdf's handwriting font, or an ink file's `text` entries.
        case handwriting
        /// Any other text of a PDF.
        case print
    }

    public var page: Int
    /// The words found, as the document has them.
    public var text: String
    public var kind: Kind
    /// Points from the page's top-left as displayed; nil when the source does not say where.
    public var box: RecognisedText.Box?
    /// The folded words, which tell the same words found by two sources apart from others.
    var words: [[Unicode.Scalar]]

    init(page: Int, tokens: ArraySlice<SearchToken>, kind: Kind) {
        self.page = page
        text = SearchQuery.text(of: tokens)
        self.kind = kind
        var box: RecognisedText.Box?
        for token in tokens {
            if let wordBox = token.box { box = box.map { $0.union(wordBox) } ?? wordBox }
        }
        self.box = box
        words = tokens.map(\.folded)
    }

    /// Whether `other` finds the same words at the same place (boxes that overlap, or no box at all).
    func repeats(_ other: SearchHit) -> Bool {
        guard page == other.page, kind == other.kind, words == other.words else { return false }
        guard let a = box, let b = other.box else { return box == nil && other.box == nil }
        return a.x <= b.maxX && b.x <= a.maxX && a.y <= b.maxY && b.y <= a.maxY
    }

    /// `hits` without those that repeat an earlier one, then in page order (stable).
    static func deduplicated(_ hits: [SearchHit]) -> [SearchHit] {
        struct Key: Hashable {
            var page: Int
            var kind: Kind
            var words: [[UInt32]]
        }
        var kept: [Key: [Int]] = [:]
        var result: [SearchHit] = []
        for hit in hits {
            let key = Key(page: hit.page, kind: hit.kind, words: hit.words.map { $0.map(\.value) })
            if let earlier = kept[key], earlier.contains(where: { result[$0].repeats(hit) }) { continue }
            kept[key, default: []].append(result.count)
            result.append(hit)
        }
        return result.enumerated().sorted { ($0.element.page, $0.offset) < ($1.element.page, $1.offset) }.map(\.element)
    }
}
