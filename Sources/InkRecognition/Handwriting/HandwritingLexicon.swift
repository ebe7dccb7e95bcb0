import Foundation

/// The words a handwritten word is likely to be: a language's word list (Debian's
/// `/usr/share/dict` lists) and the words of the page and document it is written on (lecture
/// notes repeat the lecture's words), found by edit distance from what the model read.
public struct HandwritingLexicon: Sendable {
    /// Lower-cased words by length (characters).
    private var byLength: [Int: [[Character]]] = [:]
    /// Words of the page and document: preferred over the word list's.
    private var local: Set<String> = []
    /// Every word, lower-cased.
    private var all: Set<String> = []
    public private(set) var count = 0
    public var isEmpty: Bool { count == 0 }

    public init() {}

    /// The word lists installed for `languages` (BCP 47 tags), with their paths: missing lists are skipped.
    public static func systemWordLists(for languages: [String]) -> [String] {
        var paths: [String] = []
        for language in languages {
            let candidates: [String] = switch language.split(separator: "-").first.map(String.init) ?? language {
            case "en": ["/usr/share/dict/american-english", "/usr/share/dict/british-english"]
            case "it": ["/usr/share/dict/italian"]
            case "de": ["/usr/share/dict/ngerman"]
            case "fr": ["/usr/share/dict/french"]
            case "es": ["/usr/share/dict/spanish"]
            case "pt": ["/usr/share/dict/portuguese"]
            default: []
            }
            if let found = candidates.first(where: { FileManager.default.isReadableFile(atPath: $0) }) { paths.append(found) }
        }
        return paths
    }

    /// Adds the words of a word list (one a line; possessives and words of one letter left out).
    public mutating func addWordList(at path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 << 20 else { return }
        let text = String(decoding: data, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) {
            guard line.count >= 2, !line.contains("'") else { continue }
            add(String(line))
        }
    }

    /// Adds words a page or document shows (printed text, other notes): preferred when they fit as well.
    public mutating func addLocalWords<S: Sequence<String>>(_ words: S) {
        for word in words {
            let trimmed = word.trimmingCharacters(in: .punctuationCharacters.union(.symbols).union(.whitespaces))
            guard trimmed.count >= 2, trimmed.count <= 40, trimmed.contains(where: \.isLetter) else { continue }
            local.insert(trimmed.lowercased())
            add(trimmed)
        }
    }

    private mutating func add(_ word: String) {
        let lower = Array(word.lowercased())
        guard lower.count <= 40, all.insert(String(lower)).inserted else { return }
        byLength[lower.count, default: []].append(lower)
        count += 1
    }

    public func isLocal(_ word: String) -> Bool { local.contains(word.lowercased()) }

    public func contains(_ word: String) -> Bool { all.contains(word.lowercased()) }

    /// Words within `maximumDistance` edits of `reading` (case ignored), nearest first, at most `limit`.
    public func candidates(near reading: String, maximumDistance: Int, limit: Int = 24) -> [(word: String, distance: Int)] {
        let target = Array(reading.lowercased())
        var found: [(word: String, distance: Int)] = []
        for length in max(1, target.count - maximumDistance)...(target.count + maximumDistance) {
            for word in byLength[length] ?? [] {
                if let distance = Self.distance(target, word, atMost: maximumDistance) { found.append((String(word), distance)) }
            }
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.word < $1.word }
        return Array(found.prefix(limit))
    }

    /// Levenshtein distance of `a` and `b` when it is at most `bound` (nil beyond): a band of the table only.
    static func distance(_ a: [Character], _ b: [Character], atMost bound: Int) -> Int? {
        if abs(a.count - b.count) > bound { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            let low = max(1, i - bound), high = min(b.count, i + bound)
            if low > 1 { current[low - 1] = bound + 1 }
            for j in low...max(low, high) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                let value = min(substitution, current[j - 1] + 1, previous[j] + 1)
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if high < b.count { current[high + 1] = bound + 1 }
            if rowMinimum > bound { return nil }
            swap(&previous, &current)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }
}
