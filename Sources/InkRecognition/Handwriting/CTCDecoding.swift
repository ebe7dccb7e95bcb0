import Foundation

/// Reading a line from `HandwritingModel`'s per-column log-probabilities: the best path, cut
/// into words at spaces, and each word scored against candidate spellings by CTC's forward
/// algorithm over the word's own columns.
enum CTCDecoding {
    struct Word: Equatable {
        var text: String
        /// The first and last column of the word's characters.
        var firstColumn: Int
        var lastColumn: Int
        /// The columns the word may be read over: from after the space before it to before the space after it.
        var windowStart: Int
        var windowEnd: Int
    }

    /// The best path's words (class 0 the blank, class `space` the space between words).
    static func bestPathWords(_ logProbabilities: [[Float]], charset: [Character]) -> [Word] {
        var words: [Word] = []
        var current: (text: String, first: Int, last: Int)?
        var previous = 0
        var windowStart = 0
        for (t, column) in logProbabilities.enumerated() {
            var best = 0
            for c in 1..<column.count where column[c] > column[best] { best = c }
            defer { previous = best }
            guard best != 0, best != previous else { continue }
            let character = charset[best - 1]
            if character == " " {
                if let word = current {
                    words.append(Word(text: word.text, firstColumn: word.first, lastColumn: word.last, windowStart: windowStart, windowEnd: t - 1))
                    current = nil
                }
                windowStart = t + 1
                continue
            }
            if current == nil { current = (String(character), t, t) } else { current!.text.append(character); current!.last = t }
        }
        if let word = current {
            words.append(Word(text: word.text, firstColumn: word.first, lastColumn: word.last, windowStart: windowStart,
                              windowEnd: logProbabilities.count - 1))
        }
        // Each window ends where the next begins its word, not at the next space only: a missed space still splits.
        return words
    }

    /// log P(`labels` | columns `start...end`) by CTC's forward algorithm (−∞ when it cannot fit).
    static func logLikelihood(_ labels: [Int], _ logProbabilities: [[Float]], start: Int, end: Int) -> Float {
        let frames = end - start + 1
        guard frames > 0, !labels.isEmpty else { return -.infinity }
        let states = 2 * labels.count + 1
        func label(_ s: Int) -> Int { s % 2 == 0 ? 0 : labels[s / 2] }
        var alpha = [Float](repeating: -.infinity, count: states)
        alpha[0] = logProbabilities[start][0]
        alpha[1] = logProbabilities[start][labels[0]]
        var next = alpha
        for t in 1..<frames {
            let column = logProbabilities[start + t]
            for s in 0..<states {
                var a = alpha[s]
                if s > 0 { a = logAdd(a, alpha[s - 1]) }
                if s > 1, s % 2 == 1, label(s) != label(s - 2) { a = logAdd(a, alpha[s - 2]) }
                next[s] = a + column[label(s)]
            }
            swap(&alpha, &next)
        }
        return states > 1 ? logAdd(alpha[states - 1], alpha[states - 2]) : alpha[0]
    }

    static func logAdd(_ a: Float, _ b: Float) -> Float {
        if a == -.infinity { return b }
        if b == -.infinity { return a }
        return max(a, b) + log1pf(expf(-abs(a - b)))
    }
}
