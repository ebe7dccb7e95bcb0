import LibPoppler
import InkFileSystem
import Foundation
import InkImport
import InkModel

/// What `inkpdf search` looks in.
public struct SearchScope: Sendable, Equatable {
    /// The PDF's text in fonts other than inkpdf's handwriting font.
    public var print = true
    /// The PDF's handwriting text layer, its embedded ink, the ink beside it, ink files.
    public var handwriting = true

    public init(print: Bool = true, handwriting: Bool = true) {
        self.print = print
        self.handwriting = handwriting
    }
}

/// Searching one document: a PDF (its text layer, the ink embedded in it and the ink beside it)
/// or an ink-layers file. One page's text (one layer's line) is in memory at a time; the hits
/// of the document are kept until it is done, to drop the words two sources both hold, and
/// no more than `SearchHits` keeps (a bound a page and one in all).
public enum DocumentSearch {
    /// The name part of the font inkpdf's invisible handwriting text is shown in: text drawn
    /// in a font whose name contains it is handwriting, all other text print.
    public static let handwritingFontName = "InkPDFHandwriting"

    public struct Outcome: Sendable {
        /// In page order.
        public var hits: [SearchHit] = []
        /// Hits found past `SearchHits`' bounds, not in `hits`.
        public var leftOut = 0
        /// Pages of the PDF read.
        public var pages = 0
        /// What could not be read (located, one line each), and hits left out; the rest was searched.
        public var warnings: [String] = []
        /// The document could not be searched at all (an ink file unreadable before any hit).
        public var failed = false

        public init() {}
    }

    /// Searches the PDF at `path` and the ink-layers files `inkBeside` (its sidecar, or the ink it was
    /// flattened from), calling `opened` with its page count once it is open and `pageDone` after each
    /// page. Throws when the PDF cannot be opened.
    public static func searchPDF(_ path: String, inkBeside: [String], query: SearchQuery, scope: SearchScope,
                                 password: String?, opened: (Int) -> Void = { _ in },
                                 pageDone: (Int) -> Void = { _ in }) throws(ExportError) -> Outcome {
        var outcome = Outcome()
        var found = SearchHits()
        let document = try PDFDocument.open(path: path, password: password)
        opened(document.pageCount)
        for number in 1...document.pageCount {
            let page: PDFPage
            do {
                page = try document.page(number)
            } catch {
                outcome.warnings.append("\(path): page \(number) cannot be read; searched the other pages")
                continue
            }
            // Most pages hold none of the query's first word: they are not laid out.
            let scalars = page.textScalars()
            if query.mayMatch(scalars) {
                let text = page.text(scalars: scalars)
                found.add(contentsOf: hits(in: text, page: number, query: query, scope: scope))
            }
            if scope.handwriting {
                let notes = page.inkAnnotationContents().map { note in
                    (text: note.text, box: RecognisedText.Box?.some(RecognisedText.Box(x: note.box.minX, y: note.box.minY,
                                                                                     width: note.box.maxX - note.box.minX,
                                                                                     height: note.box.maxY - note.box.minY)),
                     alternatives: [String](), confidence: Double?.none)
                }
                if !notes.isEmpty { found.add(contentsOf: hits(in: notes, page: number, query: query)) }
            }
            _ = consume page
            outcome.pages += 1
            pageDone(number)
        }
        if scope.handwriting {
            if document.hasAttachments { searchEmbeddedInk(of: path, password: password, query: query, into: &found, warnings: &outcome.warnings) }
            for ink in inkBeside {
                if let failure = searchInk(ink, query: query, into: &found) { outcome.warnings.append(failure) }
            }
        }
        outcome.finish(found, file: path)
        return outcome
    }

    /// Searches the `text` entries (and their alternatives) of the ink-layers file at `path`; what
    /// stopped the reading is a warning (hits before it are kept), and `failed` when none was found.
    public static func searchInk(_ path: String, query: SearchQuery) -> Outcome {
        var outcome = Outcome()
        var found = SearchHits()
        if let failure = searchInk(path, query: query, into: &found) {
            outcome.warnings.append(failure)
            outcome.failed = found.isEmpty
        }
        outcome.finish(found, file: path)
        return outcome
    }

    /// Adds the hits of the ink-layers file at `path` to `found`; returns what stopped the reading.
    static func searchInk(_ path: String, query: SearchQuery, into found: inout SearchHits) -> String? {
        var failure: String?
        do {
            let reader = try InkLayersReader(path: path)
            while let line = try reader.nextLine() {
                // Only a layer with recognised text has anything to find: others are not parsed (a line
                // with a `\u` escape is, as its key may be spelled with one).
                guard contains(line.bytes, textKey) || contains(line.bytes, escape) else { continue }
                let layer = try InkLayersReader.parseLayer(line.bytes, file: reader.displayName, line: line.number)
                found.add(contentsOf: hits(in: layer, query: query))
            }
        } catch {
            failure = "\(error)"
        }
        return failure
    }

    /// What a reading other than an entry's first counts for in a hit's score, against its first (the n-th: this, divided by n).
    static let alternativeShare = 0.5

    /// `"text"`, the key of a layer's recognised text, as it appears in a line.
    private static let textKey = Array("\"\(RecognisedText.key)\"".utf8)
    private static let escape = Array("\\u".utf8)

    private static func contains(_ bytes: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < needle.count, bytes[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    /// The hits in a layer's recognised text: its entries read one after another (a query of
    /// several words may span entries), then, for an entry where its first reading was not found,
    /// its alternative readings on their own, best first: one hit for one place in the ink.
    static func hits(in layer: PageLayer, query: SearchQuery) -> [SearchHit] {
        let entries = layer.recognisedText
        guard !entries.isEmpty else { return [] }
        return hits(in: zip(entries, layer.boxes(of: entries)).map { ($0.text, $1, $0.alternatives, $0.confidence) }, page: layer.page, query: query)
    }

    /// The hits in handwriting's words on one page, in reading order: each piece with where it lies
    /// and its other readings (a layer's `text` entries, the `/Contents` of `/Ink` annotations).
    /// `confidence`: the recogniser's, where it gave one (the hit's score is the match's closeness times it).
    static func hits(in entries: [(text: String, box: RecognisedText.Box?, alternatives: [String], confidence: Double?)], page: Int,
                     query: SearchQuery) -> [SearchHit] {
        var stream: [SearchToken] = []
        var hits: [SearchHit] = []
        var entryOf: [Int] = []
        for (number, entry) in entries.enumerated() {
            let box = entry.box
            var tokens = SearchText.tokens(of: entry.text, box: box)
            if let first = tokens.first, let previous = stream.last {
                tokens[0].gap = first.isCJK && previous.isCJK ? "" : " "
            }
            stream += tokens
            entryOf += Array(repeating: number, count: tokens.count)
        }
        var found = Set<Int>()
        for match in query.matches(in: stream) {
            // A match over several entries is as sure as the least sure of them.
            let confidence = match.map { entries[entryOf[$0]].confidence ?? 1 }.min() ?? 1
            hits.append(SearchHit(page: page, tokens: stream[match], kind: .handwriting, score: query.closeness(of: stream[match]) * confidence))
            for index in match { found.insert(entryOf[index]) }
        }
        for (number, entry) in entries.enumerated() where !found.contains(number) {
            for (rank, alternative) in entry.alternatives.enumerated() {
                let tokens = SearchText.tokens(of: alternative, box: entry.box)
                let matches = query.matches(in: tokens)
                // Another reading is less likely than the first, and the later the less.
                let likelihood = (entry.confidence ?? 1) * Self.alternativeShare / Double(rank + 1)
                for match in matches {
                    hits.append(SearchHit(page: page, tokens: tokens[match], kind: .handwriting, score: query.closeness(of: tokens[match]) * likelihood))
                }
                if !matches.isEmpty { break }
            }
        }
        return hits
    }

    /// The hits on one page of a PDF: print and handwriting are two texts of their own (poppler
    /// may interleave them in its reading order), each searched for consecutive words.
    static func hits(in text: PageText, page: Int, query: SearchQuery, scope: SearchScope) -> [SearchHit] {
        let scalars = text.scalars
        var handwritten = [Bool](repeating: false, count: scalars.count)
        for font in text.fonts where font.name.contains(handwritingFontName) {
            for index in font.range { handwritten[index] = true }
        }
        var streams: [[SearchToken]] = [[], []]   // print, handwriting
        var lastEnd: [Int?] = [nil, nil]
        func add(_ piece: Range<Int>) {
            let kind = handwritten[piece.lowerBound] ? 1 : 0
            guard kind == 1 ? scope.handwriting : scope.print else { return }
            var box: RecognisedText.Box?
            if !text.boxes.isEmpty {
                for index in piece {
                    let b = text.boxes[index]
                    let characterBox = RecognisedText.Box(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY)
                    box = box.map { $0.union(characterBox) } ?? characterBox
                }
            }
            // The words of the other kind between two of this kind are not this text's separators.
            var gapFrom = lastEnd[kind]
            if let from = gapFrom, (from..<piece.lowerBound).contains(where: { handwritten[$0] != (kind == 1) }) { gapFrom = nil }
            var token = SearchText.token(scalars, piece, gapFrom: gapFrom, box: box)
            if gapFrom == nil, let previous = streams[kind].last { token.gap = previous.isCJK && token.isCJK ? "" : " " }
            streams[kind].append(token)
            lastEnd[kind] = piece.upperBound
        }
        for word in SearchText.words(in: scalars, range: scalars.indices) {
            // A word drawn partly in each kind of font (no space between them) is two words.
            var start = word.lowerBound
            for index in word.dropFirst() where handwritten[index] != handwritten[start] {
                add(start..<index)
                start = index
            }
            add(start..<word.upperBound)
        }
        var hits: [SearchHit] = []
        for (kind, stream) in zip([SearchHit.Kind.print, .handwriting], streams) {
            for match in query.matches(in: stream) {
                hits.append(SearchHit(page: page, tokens: stream[match], kind: kind, score: query.closeness(of: stream[match])))
            }
        }
        return hits
    }

    /// Searches the ink layers attached by `export --embed-ink`, written for the time of the search
    /// to a private folder (removed after).
    private static func searchEmbeddedInk(of path: String, password: String?, query: SearchQuery, into found: inout SearchHits,
                                          warnings: inout [String]) {
        var folder = (ImportOptions.defaultTemporaryDirectory as NSString).appendingPathComponent("inkpdf-search-XXXXXX")
        do { try FileSystem.makeUniqueFolder(from: &folder) } catch {
            warnings.append("\(path): its embedded ink was not searched (no temporary folder: \(error.description))")
            return
        }
        let layers = (folder as NSString).appendingPathComponent("embedded.ink.jsonl.gz")
        defer {
            try? FileSystem.remove(layers)
            try? FileSystem.removeFolder(folder)
        }
        do {
            try EmbeddedInk.extract(pdf: path, password: password, to: layers)
        } catch .opening(.noEmbeddedInk) {
            return
        } catch {
            warnings.append("\(path): its embedded ink was not searched: \(error)")
            return
        }
        if let failure = searchInk(layers, query: query, into: &found) { warnings.append("\(path): its embedded ink: \(failure)") }
    }
}

extension DocumentSearch.Outcome {
    /// Takes the hits kept, and says how many were left out.
    mutating func finish(_ found: SearchHits, file: String) {
        hits = found.hits
        leftOut = found.leftOut
        if let warning = found.leftOutWarning(file: file) { warnings.append(warning) }
    }
}
