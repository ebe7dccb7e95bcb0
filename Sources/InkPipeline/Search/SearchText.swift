import Foundation
import InkModel

/// A word of the searched text: the form compared (folded), what it reads (printed in a hit),
/// what separates it from the word before, and where it lies.
public struct SearchToken: Sendable, Equatable {
    /// Lowercased, without accents, compatibility forms unified (`SearchText.fold`).
    public var folded: [Unicode.Scalar]
    /// A CJK character (Han, kana, Hangul): a word of its own, matched exactly.
    public var isCJK: Bool
    /// The word as the document has it.
    public var original: String
    /// What stands between the word before and this one in a hit's text: `" "` where there was
    /// space, the separator itself (`-`, `/`) where there was none, nothing between CJK characters.
    public var gap: String
    /// Where the word lies (page as displayed, points, y down); nil when the source does not say.
    public var box: RecognisedText.Box?

    public init(folded: [Unicode.Scalar], isCJK: Bool, original: String, gap: String, box: RecognisedText.Box?) {
        self.folded = folded
        self.isCJK = isCJK
        self.original = original
        self.gap = gap
        self.box = box
    }
}

/// How searched text and queries are cut into words and folded, the same way for both:
/// words are runs of letters, marks and digits (an apostrophe between letters stays inside);
/// every CJK character is a word of its own, so that a run of them is found as a substring.
public enum SearchText {
    /// The words of `scalars[range]`, as ranges of indices.
    public static func words(in scalars: [Unicode.Scalar], range: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        var index = range.lowerBound
        func close(at end: Int) {
            if let begun = start, begun < end { words.append(begun..<end) }
            start = nil
        }
        while index < range.upperBound {
            let scalar = scalars[index]
            if isCJK(scalar) {
                close(at: index)
                // The character and the marks that follow it (a dakuten written apart).
                var end = index + 1
                while end < range.upperBound, isMark(scalars[end]) { end += 1 }
                words.append(index..<end)
                index = end
                continue
            }
            if isWordScalar(scalar) {
                if start == nil { start = index }
            } else if isApostrophe(scalar), start != nil, index + 1 < range.upperBound,
                      isWordScalar(scalars[index + 1]), !isCJK(scalars[index + 1]) {
                // inside a word: don't, l'eau
            } else {
                close(at: index)
            }
            index += 1
        }
        close(at: range.upperBound)
        return words
    }

    /// The tokens of a piece of text that lies in one `box` (an ink entry, or a word of an entry).
    public static func tokens(of text: String, box: RecognisedText.Box?) -> [SearchToken] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [SearchToken] = []
        var previousEnd: Int?
        for word in words(in: scalars, range: scalars.indices) {
            let token = token(scalars, word, gapFrom: previousEnd, box: box)
            tokens.append(token)
            previousEnd = word.upperBound
        }
        return tokens
    }

    /// The token of `scalars[word]`; `gapFrom`: where the word before it ended (nil: it is the first).
    static func token(_ scalars: [Unicode.Scalar], _ word: Range<Int>, gapFrom previousEnd: Int?,
                      box: RecognisedText.Box?) -> SearchToken {
        let cjk = isCJK(scalars[word.lowerBound])
        var original = String.UnicodeScalarView()
        original.append(contentsOf: scalars[word])
        var gap = ""
        if let previousEnd, previousEnd <= word.lowerBound {
            gap = separator(scalars[previousEnd..<word.lowerBound], betweenCJK: cjk && previousEnd > 0 && isCJKWord(scalars, endingAt: previousEnd))
        }
        return SearchToken(folded: fold(scalars[word], cjk: cjk), isCJK: cjk, original: String(original), gap: gap, box: box)
    }

    /// What a hit prints between two words: nothing between CJK characters that nothing separates,
    /// one space where there was any space (or line end), else the separator itself (at most a few characters).
    static func separator(_ between: ArraySlice<Unicode.Scalar>, betweenCJK: Bool) -> String {
        if between.isEmpty { return "" }
        if between.contains(where: { $0.properties.isWhitespace }) { return betweenCJK ? "" : " " }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: between.prefix(4))
        return String(text)
    }

    private static func isCJKWord(_ scalars: [Unicode.Scalar], endingAt end: Int) -> Bool {
        var index = end - 1
        while index > 0, isMark(scalars[index]) { index -= 1 }
        return isCJK(scalars[index])
    }

    /// The form words are compared in: NFKD without combining marks, lowercased (CJK: NFKC, as written).
    public static func fold(_ word: ArraySlice<Unicode.Scalar>, cjk: Bool) -> [Unicode.Scalar] {
        if word.allSatisfy(\.isASCII) {
            return word.map { $0.value >= 0x41 && $0.value <= 0x5A ? Unicode.Scalar($0.value + 0x20)! : $0 }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: word)
        let text = String(view)
        if cjk { return Array(text.precomposedStringWithCompatibilityMapping.unicodeScalars) }
        var folded: [Unicode.Scalar] = []
        folded.reserveCapacity(word.count)
        for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars where !isMark(scalar) {
            switch scalar.value {
            case 0x2019, 0x02BC: folded.append("'")
            case 0x03C2: folded.append("\u{03C3}")   // final sigma is sigma
            default:
                if scalar.properties.changesWhenLowercased {
                    folded.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                } else {
                    folded.append(scalar)
                }
            }
        }
        return folded
    }

    /// Han ideographs, hiragana, katakana and Hangul: written without spaces between words.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool { scalar.isCJK }

    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" }
}
