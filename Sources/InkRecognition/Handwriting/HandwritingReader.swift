import Foundation
import InkModel

/// Reads Latin lines of handwriting with inkpdf's own model (`HandwritingModel`): the line's
/// strokes redrawn as the model was trained (`HandwritingLineImage`), its best path cut into
/// words, and each word read as the spelling of the lexicon that CTC finds likeliest over the
/// word's columns, unless the model's own reading is much likelier.
final class HandwritingReader {
    let model: HandwritingModel
    let lexicon: HandwritingLexicon
    private let classes: [Character: Int]
    /// nats: a lexicon word is taken over the model's reading unless it is this much less likely.
    static let lexiconPreference: Float = 3.0

    struct Word {
        var text: String
        var confidence: Double
        var alternatives: [String]
        /// Page x of the word's ink.
        var left: Double
        var right: Double
    }

    init(model: HandwritingModel, lexicon: HandwritingLexicon) {
        self.model = model
        self.lexicon = lexicon
        var classes: [Character: Int] = [:]
        for (index, character) in model.charset.enumerated() { classes[character] = index + 1 }
        self.classes = classes
    }

    /// The words of a line given as its strokes' points (page points, y down), left to right.
    func read(strokes: [[(x: Double, y: Double)]], localWords: HandwritingLexicon? = nil) -> [Word] {
        guard let image = HandwritingLineImage(strokes: strokes, height: model.height, normalisation: model.normalisation) else { return [] }
        let logProbabilities = model.logProbabilities(image: image.pixels, width: image.width)
        guard !logProbabilities.isEmpty else { return [] }
        let stride = Double(model.columnStride)
        var words: [Word] = []
        for word in CTCDecoding.bestPathWords(logProbabilities, charset: model.charset) {
            let start = word.windowStart, end = max(word.windowEnd, word.lastColumn)
            let raw = word.text
            let rawLabels = labels(raw)
            let rawScore = rawLabels.map { CTCDecoding.logLikelihood($0, logProbabilities, start: start, end: end) } ?? -.infinity
            var scored: [(text: String, score: Float)] = [(raw, rawScore)]
            let letters = raw.filter(\.isLetter)
            if letters.count >= 2 {
                let core = raw.trimmingCharacters(in: .punctuationCharacters)
                let bound = core.count <= 3 ? 1 : core.count <= 7 ? 2 : 3
                for candidate in lexicon.candidates(near: core, maximumDistance: bound) {
                    let spelled = Self.cased(candidate.word, like: core)
                    guard spelled != raw, let candidateLabels = labels(spelled) else { continue }
                    var score = CTCDecoding.logLikelihood(candidateLabels, logProbabilities, start: start, end: end)
                    if lexicon.isLocal(candidate.word) { score += 1 }
                    scored.append((spelled, score + Self.lexiconPreference))
                }
            }
            scored.sort { $0.score > $1.score }
            let best = scored[0]
            // Confidence: how much of the likelihood the reading holds among those scored, times how likely it is per character.
            let total = scored.reduce(-Float.infinity) { CTCDecoding.logAdd($0, $1.score) }
            let share = Double(expf(best.score - total))
            let perCharacter = Double(expf((best.score - (best.text == raw ? 0 : Self.lexiconPreference)) / Float(max(1, best.text.count))))
            let confidence = min(1, max(0, share * perCharacter))
            let left = image.pageX(Double(word.firstColumn) * stride), right = image.pageX(Double(word.lastColumn + 1) * stride)
            words.append(Word(text: best.text, confidence: confidence,
                              alternatives: scored.dropFirst().prefix(RecognisedText.maximumAlternatives).map(\.text),
                              left: left, right: right))
        }
        return words
    }

    /// The classes of `text`'s characters (nil when one is not in the charset).
    private func labels(_ text: String) -> [Int]? {
        var out: [Int] = []
        for character in text {
            guard let label = classes[character] else { return nil }
            out.append(label)
        }
        return out.isEmpty ? nil : out
    }

    /// `word` (lower case) in the case the model read: all capitals, a capital first, or as it is.
    static func cased(_ word: String, like reading: String) -> String {
        let letters = reading.filter(\.isLetter)
        if letters.count >= 2, letters.allSatisfy(\.isUppercase) { return word.uppercased() }
        if let first = letters.first, first.isUppercase { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }
}
