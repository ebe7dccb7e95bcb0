import Foundation
import InkModel

/// Reads what a layer's handwriting says: finds its lines, reads Latin lines with tesseract
/// (the ink drawn alone) and CJK lines with zinnia (the strokes themselves, character by
/// character), and gives `text` entries that name the strokes each word is made of.
///
/// The models are loaded once, when the recogniser is made (a missing or damaged model is an
/// error then, before any work), and reused for every layer; one recogniser per thread.
public final class InkRecognizer {
    public let options: RecognitionOptions
    /// Points: lines less high than this are not read.
    static let flatLine = 3.0
    private let tesseract: TesseractEngine?
    private let zinnia: [(language: RecognitionLanguage, recognizer: ZinniaRecognizer)]
    private let latin: [RecognitionLanguage]
    /// inkpdf's own model for Latin lines (nil: tesseract reads them).
    private let handwriting: HandwritingReader?
    /// The words of the Latin languages' word lists (Debian's /usr/share/dict): a reading none holds is less sure.
    private let lexicon: HandwritingLexicon

    public init(options: RecognitionOptions) throws(RecognitionError) {
        self.options = options
        let languages = options.languages.isEmpty ? try RecognitionLanguage.parse("en") : options.languages
        latin = languages.filter { !$0.isCJK }
        let cjk = languages.filter(\.isCJK)
        // tesseract reads the Latin lines; with CJK languages too, it tells which lines are CJK.
        let tesseractLanguages = latin.isEmpty ? [] : latin + cjk
        for language in tesseractLanguages {
            let path = options.models.tesseractModel(language)
            guard FileManager.default.fileExists(atPath: path) else {
                throw .modelMissing(path: path, language: language.tag, package: language.tesseractPackage)
            }
        }
        var zinnia: [(RecognitionLanguage, ZinniaRecognizer)] = []
        for language in cjk {
            guard let path = options.models.zinniaModel(language), let package = language.zinniaPackage else { continue }
            guard FileManager.default.fileExists(atPath: path) else {
                throw .modelMissing(path: path, language: language.tag, package: package)
            }
            zinnia.append((language, try ZinniaRecognizer(model: path) { reason in
                .modelDamaged(path: path, language: language.tag, package: package, engine: "zinnia", reason: reason)
            }))
        }
        self.zinnia = zinnia
        lexicon = latin.isEmpty ? HandwritingLexicon() : Self.lexicon(for: latin)
        // With CJK asked for too, tesseract reads the Latin lines: it is what tells a CJK line from a Latin one.
        if options.ownModel, !latin.isEmpty, cjk.isEmpty, let path = options.models.handwriting {
            let model: HandwritingModel
            do throws(HandwritingModel.LoadError) { model = try HandwritingModel(path: path) } catch {
                throw .modelDamaged(path: path, language: latin.map(\.tag).joined(separator: "+"), package: "inkpdf (make build)",
                                    engine: "inkpdf handwriting", reason: error.description)
            }
            handwriting = HandwritingReader(model: model, lexicon: lexicon)
        } else {
            handwriting = nil
        }
        if tesseractLanguages.isEmpty {
            tesseract = nil
        } else {
            try Self.checkTesseractModels(tesseractLanguages, models: options.models)
            let first = tesseractLanguages[0]
            let path = options.models.tesseractModel(first)
            tesseract = try TesseractEngine(tessdata: options.models.tessdata,
                                            languages: tesseractLanguages.map(\.tesseract).joined(separator: "+")) { reason in
                .modelDamaged(path: path, language: tesseractLanguages.map(\.tag).joined(separator: "+"),
                              package: tesseractLanguages.map(\.tesseractPackage).joined(separator: " "), engine: "tesseract", reason: reason)
            }
        }
    }

    /// The word lists installed for `languages`, read once a recogniser.
    private static func lexicon(for languages: [RecognitionLanguage]) -> HandwritingLexicon {
        var lexicon = HandwritingLexicon()
        for list in HandwritingLexicon.systemWordLists(for: languages.map(\.tag)) { lexicon.addWordList(at: list) }
        return lexicon
    }

    /// How much surer a reading is for being a word: tesseract's confidence as it is for a word of the word lists
    /// (letters only, at least `shortest`), this share of it otherwise. On real notes (bench/handwriting, the tune
    /// pages) a third of the readings it was 0.8 sure of that a word list holds were right, and almost none of the
    /// others: with the text layer's least confidence (`RecognisedText.textLayerMinimumConfidence`), mostly the
    /// former go into the PDF's text.
    static let unlistedShare = 0.5
    static let shortest = 3

    func judged(_ confidence: Double, of text: String) -> Double {
        let letters = text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        guard !lexicon.isEmpty else { return confidence }
        let listed = letters.count >= Self.shortest && letters.allSatisfy(\.isLetter) && lexicon.contains(letters)
        return listed ? confidence : confidence * Self.unlistedShare
    }

    /// A traineddata file is a table of contents and its parts; tesseract aborts the process on
    /// some damaged ones rather than returning an error, so the table is checked first.
    private static func checkTesseractModels(_ languages: [RecognitionLanguage], models: RecognitionModels) throws(RecognitionError) {
        for language in languages {
            let path = models.tesseractModel(language)
            let damaged = { (reason: String) in
                RecognitionError.modelDamaged(path: path, language: language.tag, package: language.tesseractPackage,
                                              engine: "tesseract", reason: reason)
            }
            guard let handle = FileHandle(forReadingAtPath: path) else { throw damaged("it cannot be opened") }
            defer { try? handle.close() }
            guard let size = try? handle.seekToEnd(), (try? handle.seek(toOffset: 0)) != nil,
                  let head = try? handle.read(upToCount: 4), head.count == 4 else { throw damaged("it is shorter than its table of contents") }
            let entries = head.withUnsafeBytes { Int32(littleEndian: $0.loadUnaligned(as: Int32.self)) }
            guard entries > 0, entries < 1_000, let table = try? handle.read(upToCount: Int(entries) * 8), table.count == Int(entries) * 8
            else { throw damaged("its table of contents is not one") }
            for entry in 0..<Int(entries) {
                let offset = table.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(fromByteOffset: entry * 8, as: Int64.self)) }
                guard offset == -1 || (offset >= 0 && UInt64(offset) <= size) else {
                    throw damaged("its part \(entry) lies beyond its \(size) bytes")
                }
            }
        }
    }

    /// The `text` entries of a layer, in reading order (line by line, word by word); `lineRead` is called
    /// after each line (a watchdog's sign of progress: a page of notes takes seconds, one line a fraction).
    public func recognise(_ layer: PageLayer, lineRead: () -> Void = {}) -> [RecognisedText] {
        let extents = Dictionary(uniqueKeysWithValues: StrokeExtent.extents(of: layer).map { ($0.index, $0) })
        var entries: [RecognisedText] = []
        // A line flatter than `flatLine` is a rule, an underline or a stroke through words: no text to read
        // (and drawn at its letters' scale it would be an image thousands of pixels long).
        for line in LineFinder.lines(of: layer) where line.box.height >= Self.flatLine {
            if tesseract == nil, let reader = zinnia.first {
                entries += readCJK(line, layer: layer, extents: extents, with: reader)
                lineRead()
                continue
            }
            let words = readLatin(line, layer: layer, extents: extents)
            // A line tesseract reads as CJK, or of which it reads nothing at all, is zinnia's.
            if let reader = zinnia.first, words.isEmpty || Self.isMostlyCJK(words.map { ($0.entry.text, $0.entry.confidence ?? 0) }) {
                entries += readCJK(line, layer: layer, extents: extents, with: reader)
            } else {
                entries += words.map(\.entry)
            }
            lineRead()
        }
        return entries
    }

    /// Whether a line tesseract read with Latin and CJK models together is CJK: its CJK characters are at least
    /// half as many as the others, or the CJK characters of the words it is sure of (`sureCJK`) at least as many
    /// as the letters of the Latin words it is sure of (`sureLatin`). tesseract reads a line of handwritten kanji
    /// partly as Latin of low confidence ("=e", "S36"), and loops of cursive as single kana of low confidence:
    /// neither counts. (On the project's samples, 8 seeds: every Japanese line, no print or cursive line.)
    static func isMostlyCJK(_ words: [(text: String, confidence: Double)]) -> Bool {
        var cjk = 0, other = 0, sureCJKCharacters = 0, sureLatinLetters = 0
        for word in words {
            let scalars = word.text.unicodeScalars.filter { !$0.properties.isWhitespace }
            let inCJK = scalars.filter(isCJK).count
            cjk += inCJK
            other += scalars.count - inCJK
            if inCJK > 0, word.confidence >= sureCJK { sureCJKCharacters += inCJK }
            if inCJK == 0, word.confidence >= sureLatin { sureLatinLetters += scalars.count }
        }
        return cjk > 0 && (cjk * 2 >= other || (sureCJKCharacters > 0 && sureCJKCharacters >= sureLatinLetters))
    }

    /// The confidences from which a word of a mixed reading counts as sure (`isMostlyCJK`).
    static let sureCJK = 0.85
    static let sureLatin = 0.7

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: true
        default: false
        }
    }

    // MARK: tesseract

    private func readLatin(_ line: InkLine, layer: PageLayer, extents: [Int: StrokeExtent]) -> [(entry: RecognisedText, box: RecognisedText.Box)] {
        if let handwriting { return readOwn(line, layer: layer, extents: extents, with: handwriting) }
        guard let tesseract else { return [] }
        // Read at each scale; keep the reading tesseract is surest of (mean word confidence, by letters).
        var best: (raster: LineRaster, words: [TesseractEngine.Word], score: Double)?
        for letterPixels in options.letterPixels {
            guard let raster = LineRaster(line: line, layer: layer, letterPixels: letterPixels, strokePixels: options.strokePixels * letterPixels / options.letterPixels[0],
                                          deslant: options.deslant) else { continue }
            let words = tesseract.words(grey: raster.grey, width: raster.width, height: raster.height,
                                        resolution: Int((raster.scale * 72).rounded()), segmentation: .singleLine,
                                        alternatives: options.alternatives)
            let letters = words.reduce(0) { $0 + $1.text.count }
            let score = letters == 0 ? 0 : words.reduce(0) { $0 + $1.confidence * Double($1.text.count) } / Double(letters)
            if best.map({ score > $0.score }) ?? true { best = (raster, words, score) }
            if score >= options.sureEnough { break }
        }
        guard let (raster, words, _) = best else { return [] }
        let read = words.map { word in
            let text = word.text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            return LineWord(text: text, left: raster.pageX(word.left), right: raster.pageX(word.right),
                            confidence: judged(word.confidence, of: text), alternatives: word.alternatives,
                            lang: word.language.flatMap { name in options.languages.first { $0.tesseract == name }?.tag } ?? latin.first?.tag)
        }
        return entries(read, on: line, extents: extents, source: "tesseract")
    }

    /// A word a Latin engine read on a line: its text, the page x its ink spans, how sure, its other readings.
    private struct LineWord {
        var text: String
        var left, right: Double
        var confidence: Double
        var alternatives: [String]
        var lang: String?
    }

    /// The `text` entries of `words` read on `line`: each stroke goes to the word its extent overlaps most (or,
    /// overlapping none, the nearest within a letter); a word no stroke went to, or whose text cannot be an entry's, is left out.
    private func entries(_ words: [LineWord], on line: InkLine, extents: [Int: StrokeExtent],
                         source: String) -> [(entry: RecognisedText, box: RecognisedText.Box)] {
        var members = [[Int]](repeating: [], count: words.count)
        for index in line.strokes {
            guard let extent = extents[index] else { continue }
            var best: Int?, bestScore = -line.letterHeight
            for (w, word) in words.enumerated() {
                let overlap = min(extent.maxX, word.right) - max(extent.minX, word.left)
                if overlap > bestScore { bestScore = overlap; best = w }
            }
            if let best { members[best].append(index) }
        }
        var entries: [(RecognisedText, RecognisedText.Box)] = []
        for (w, word) in words.enumerated() {
            let text = word.text.precomposedStringWithCanonicalMapping
            guard !text.isEmpty, !members[w].isEmpty, text.unicodeScalars.count <= RecognisedText.maximumLength,
                  !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { continue }
            let alternatives = word.alternatives.map(\.precomposedStringWithCanonicalMapping)
                .filter { !$0.isEmpty && $0 != text && $0.unicodeScalars.count <= RecognisedText.maximumLength }
            let entry = RecognisedText(text: text, strokes: members[w], lang: word.lang, source: source,
                                       confidence: (word.confidence * 1000).rounded() / 1000,
                                       alternatives: Array(alternatives.prefix(RecognisedText.maximumAlternatives)))
            entries.append((entry, RecognisedText.Box(x: word.left, y: line.box.y, width: word.right - word.left, height: line.box.height)))
        }
        return entries
    }

    // MARK: inkpdf's own model

    private func readOwn(_ line: InkLine, layer: PageLayer, extents: [Int: StrokeExtent],
                         with reader: HandwritingReader) -> [(entry: RecognisedText, box: RecognisedText.Box)] {
        let strokes = line.strokes.map { index -> [(x: Double, y: Double)] in
            let stroke = layer.strokes[index]
            let transform = stroke.transform ?? .identity
            return stroke.points.map { point in
                let (x, y) = transform.apply(x: point.x, y: point.y)
                return (x, y)
            }
        }
        let read = reader.read(strokes: strokes).map { word in
            LineWord(text: word.text, left: word.left, right: word.right, confidence: word.confidence,
                     alternatives: word.alternatives, lang: latin.first?.tag)
        }
        return entries(read, on: line, extents: extents, source: "inkpdf")
    }

    // MARK: zinnia

    private func readCJK(_ line: InkLine, layer: PageLayer, extents: [Int: StrokeExtent],
                         with reader: (language: RecognitionLanguage, recognizer: ZinniaRecognizer)) -> [RecognisedText] {
        let size = max(line.box.height, line.letterHeight)
        let characters = CharacterSegmenter.characters(of: line, extents: extents, maximumWidth: options.zinniaSegmentWidth)
        var entries: [RecognisedText] = []
        for word in CharacterSegmenter.words(characters, size: size) {
            var readings: [[(text: String, score: Double)]] = []
            for character in word {
                let result = reader.recognizer.classify(Self.zinniaStrokes(character, layer: layer, size: options.zinniaOwnBox ? 0 : size), best: 8)
                guard !result.isEmpty else { continue }
                readings.append(CommonCharacters.reranked(result))
            }
            guard !readings.isEmpty else { continue }
            let text = readings.map { $0[0].text }.joined().precomposedStringWithCanonicalMapping
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { continue }
            // Confidence: the least sure character's first score against its second (zinnia's scores are margins).
            let margins = readings.map { $0.count > 1 ? $0[0].score - $0[1].score : $0[0].score }
            let confidence = 1 / (1 + exp(-4 * (margins.min() ?? 0)))
            entries.append(RecognisedText(text: text, strokes: word.flatMap(\.strokes).sorted(), lang: reader.language.tag,
                                          source: "zinnia", confidence: (confidence * 1000).rounded() / 1000,
                                          alternatives: Self.alternatives(readings, maximum: min(options.alternatives * readings.count, RecognisedText.maximumAlternatives))))
        }
        return entries
    }

    /// The most points of one stroke given to zinnia. zinnia numbers the pieces it splits a stroke into as a
    /// binary heap, one level a split, and a stroke that keeps turning (one running round a triangle, 49 points)
    /// made it ask for gigabytes (issue 52); its own front ends give it a few points a stroke. A CJK stroke is a
    /// few straight or gently curved runs: 16 points keep its shape.
    static let zinniaPointsPerStroke = 16

    /// A character's strokes in zinnia's box: the character centred in a square as large as the line (`size`; 0: as large
    /// as the character), each stroke simplified to at most `zinniaPointsPerStroke` points (`StrokeSimplifier`).
    static func zinniaStrokes(_ character: CharacterSegmenter.Character, layer: PageLayer, size: Double) -> [[(x: Int, y: Int)]] {
        zinniaStrokesUnbounded(character, layer: layer, size: size).map {
            StrokeSimplifier.simplified($0, maximumPoints: zinniaPointsPerStroke, tolerance: 2)
        }
    }

    private static func zinniaStrokesUnbounded(_ character: CharacterSegmenter.Character, layer: PageLayer, size: Double) -> [[(x: Int, y: Int)]] {
        let side = max(size, character.box.width, character.box.height)
        let unit = Double(ZinniaRecognizer.boxSize) / side
        let left = character.box.x + character.box.width / 2 - side / 2
        let top = character.box.y + character.box.height / 2 - side / 2
        return character.strokes.map { index in
            let stroke = layer.strokes[index]
            let transform = stroke.transform ?? .identity
            var points: [(x: Int, y: Int)] = []
            for point in stroke.points {
                let (x, y) = transform.apply(x: point.x, y: point.y)
                let p = (x: Int(min(max((x - left) * unit, 0), Double(ZinniaRecognizer.boxSize)).rounded()),
                         y: Int(min(max((y - top) * unit, 0), Double(ZinniaRecognizer.boxSize)).rounded()))
                if points.last.map({ $0.x != p.x || $0.y != p.y }) ?? true { points.append(p) }
            }
            return points
        }
    }

    /// Other readings of a run of characters: the least sure character changed to its next
    /// readings first, then the next least sure, each reading once.
    static func alternatives(_ readings: [[(text: String, score: Double)]], maximum: Int) -> [String] {
        let best = readings.map { $0[0].text }
        var swaps: [(index: Int, text: String, margin: Double)] = []
        for (index, choices) in readings.enumerated() {
            for choice in choices.dropFirst() { swaps.append((index, choice.text, choices[0].score - choice.score)) }
        }
        var out: [String] = []
        for swap in swaps.sorted(by: { $0.margin < $1.margin }) {
            var texts = best
            texts[swap.index] = swap.text
            let reading = texts.joined().precomposedStringWithCanonicalMapping
            if !out.contains(reading), reading != best.joined() { out.append(reading) }
            if out.count >= maximum { break }
        }
        return out
    }
}
