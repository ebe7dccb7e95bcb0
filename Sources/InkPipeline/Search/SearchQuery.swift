import InkModel

/// What `inkpdf search` looks for: the words of the query, each matched against a word of the
/// text ignoring case and accents, by default exactly for words of up to 4 letters, within 1 edit
/// for words of 5 and 2 beyond (a transposition counting as one edit; `--exact`: none; `--fuzzy N`:
/// N, at most half the word's letters); CJK characters exactly. Several words match consecutive words.
/// Short words are matched exactly because handwriting readings are full of near misses: "and" within
/// one edit of "an" was a false hit in one search in six for a three-letter word not on the page.
public struct SearchQuery: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var folded: [Unicode.Scalar]
        public var isCJK: Bool
        /// The edits a word of the text may differ by.
        public var allowedEdits: Int
    }

    public let text: String
    public let words: [Word]

    /// How far a word of the text may differ from a word of the query.
    public enum Fuzziness: Sendable, Equatable {
        /// Exactly up to 4 letters, 1 edit for 5, 2 beyond.
        case automatic
        /// No edit (`--exact`).
        case exact
        /// N edits, at most half the word's letters (`--fuzzy N`).
        case edits(Int)
    }

    /// Why a query cannot be searched for.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case noWords(String)
        case tooLong(length: Int, limit: Int)

        public var description: String {
            switch self {
            case .noWords(let query): "the query '\(query)' has no word to look for (letters, digits or CJK characters)"
            case .tooLong(let length, let limit):
                "the query is \(length) characters long, more than the \(limit) a text entry may hold; search for fewer words"
            }
        }
    }

    /// The longest query, in Unicode scalars: nothing longer can be the text of one entry.
    public static let maximumLength = RecognisedText.maximumLength

    public init(_ text: String, fuzziness: Fuzziness = .automatic) throws(Problem) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maximumLength else { throw .tooLong(length: scalars.count, limit: Self.maximumLength) }
        let words = SearchText.tokens(of: text, box: nil).map { token in
            Word(folded: token.folded, isCJK: token.isCJK,
                 allowedEdits: token.isCJK ? 0 : Self.allowedEdits(letters: token.folded.count, fuzziness: fuzziness))
        }
        guard !words.isEmpty else { throw .noWords(text) }
        self.text = text
        self.words = words
    }

    /// Edits allowed for a word of `letters` letters (`Fuzziness`).
    public static func allowedEdits(letters: Int, fuzziness: Fuzziness = .automatic) -> Int {
        switch fuzziness {
        case .automatic: letters <= 4 ? 0 : letters <= 5 ? 1 : 2
        case .exact: 0
        case .edits(let edits): min(max(edits, 0), letters / 2)
        }
    }

    /// How closely the query's words match `tokens` (a match): 1 for the same words, less by each edit's
    /// share of the word's letters.
    func closeness(of tokens: ArraySlice<SearchToken>) -> Double {
        var closeness = 1.0
        for (word, token) in zip(words, tokens) where word.folded != token.folded {
            var edits = 1
            while edits < word.allowedEdits, !EditDistance.isWithin(edits, word.folded, token.folded) { edits += 1 }
            closeness *= max(0, 1 - Double(edits) / Double(max(word.folded.count, 1)))
        }
        return closeness
    }

    /// Whether `token` is a reading of `word`.
    static func matches(_ word: Word, _ token: SearchToken) -> Bool {
        guard word.isCJK == token.isCJK else { return false }
        if word.allowedEdits == 0 { return word.folded == token.folded }
        return EditDistance.isWithin(word.allowedEdits, word.folded, token.folded)
    }

    /// Whether some word of `scalars` matches the query's first word: false means the query
    /// cannot be found there. Words whose length rules them out are not folded.
    public func mayMatch(_ scalars: [Unicode.Scalar]) -> Bool {
        let first = words[0]
        let length = first.folded.count
        for word in SearchText.words(in: scalars, range: scalars.indices) {
            let cjk = SearchText.isCJK(scalars[word.lowerBound])
            guard cjk == first.isCJK else { continue }
            // An ASCII word folds to as many letters as it has.
            if !cjk, abs(word.count - length) > first.allowedEdits, scalars[word].allSatisfy(\.isASCII) { continue }
            let token = SearchToken(folded: SearchText.fold(scalars[word], cjk: cjk), isCJK: cjk, original: "", gap: "", box: nil)
            if Self.matches(first, token) { return true }
        }
        return false
    }

    /// Where the query is found in `tokens` (consecutive words), left to right, not overlapping.
    public func matches(in tokens: [SearchToken]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var start = 0
        let count = words.count
        while start + count <= tokens.count {
            var matched = true
            for offset in 0..<count where !Self.matches(words[offset], tokens[start + offset]) {
                matched = false
                break
            }
            if matched {
                found.append(start..<start + count)
                start += count
            } else {
                start += 1
            }
        }
        return found
    }

    /// The text a match reads: its words with what separated them.
    public static func text(of tokens: ArraySlice<SearchToken>) -> String {
        var text = ""
        for (offset, token) in tokens.enumerated() {
            if offset > 0 { text += token.gap }
            text += token.original
        }
        return text
    }
}

/// The optimal-string-alignment distance (Levenshtein with transpositions of neighbours), computed
/// only in the band a bound allows, so that a long word costs its length, not its square.
enum EditDistance {
    /// Whether `a` and `b` are at most `bound` edits apart.
    static func isWithin(_ bound: Int, _ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        let n = a.count, m = b.count
        guard abs(n - m) <= bound else { return false }
        if n == 0 || m == 0 { return max(n, m) <= bound }
        let infinity = bound + 1
        // Rows i-2, i-1, i of the table, columns 0 … m.
        var before = [Int](repeating: infinity, count: m + 1)
        var previous = [Int](repeating: infinity, count: m + 1)
        var current = [Int](repeating: infinity, count: m + 1)
        for j in 0...min(m, bound) { previous[j] = j }
        for i in 1...n {
            let low = max(1, i - bound), high = min(m, i + bound)
            // Only the band is computed. The next rows also read the cell left of it, set here (the one
            // right of it was never in a band: bands only move right, so it holds its first infinity).
            current[0] = min(i, infinity)
            if low - 1 > 0 { current[low - 1] = infinity }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                    current[j] = min(value, infinity)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if rowMinimum > bound { return false }
            swap(&before, &previous)
            swap(&previous, &current)
        }
        return previous[m] <= bound
    }
}
