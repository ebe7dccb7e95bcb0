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
    /// How likely the hit is the query, 0 to 1: how closely its words match (`SearchQuery.closeness`), times the
    /// recogniser's confidence in the reading where there is one (less for a reading that was not its first).
    public var score: Double

    /// A hit as another process found it (a search worker's report): its words are not compared again.
    public init(page: Int, text: String, kind: Kind, box: RecognisedText.Box?, score: Double = 1) {
        self.page = page
        self.text = text
        self.kind = kind
        self.box = box
        self.score = score
        words = []
    }

    init(page: Int, tokens: ArraySlice<SearchToken>, kind: Kind, score: Double = 1) {
        self.score = (score * 1000).rounded() / 1000
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
}
