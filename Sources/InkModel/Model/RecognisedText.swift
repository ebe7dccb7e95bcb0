import Foundation

/// What some of a layer's strokes read: one entry of the layer's `text` array
/// (the format's "Recognised text"). The words come from whoever recognised the
/// ink (the tablet, a person, inkpdf's recognisers); `strokes` are 0-based
/// indices into the layer's `strokes`.
///
/// A layer keeps its `text` array as read (in `PageLayer.extra`), so a file
/// written back holds it bit for bit; this type is the checked view of it, and
/// builds the JSON for entries that inkpdf adds.
public struct RecognisedText: Sendable, Equatable {
    public var text: String
    public var strokes: [Int]
    /// `[x, y, w, h]` in the page coordinates of the points; nil: the bounds of its strokes as drawn.
    public var box: Box?
    public var lang: String?
    public var source: String?
    public var confidence: Double?
    public var alternatives: [String]
    /// Keys the format does not define, in source order.
    public var extra: JSONObject

    public struct Box: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
        public var maxX: Double { x + width }
        public var maxY: Double { y + height }

        /// The smallest box holding both.
        public func union(_ other: Box) -> Box {
            let minX = min(x, other.x), minY = min(y, other.y)
            return Box(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
        }
    }

    public init(text: String, strokes: [Int], box: Box? = nil, lang: String? = nil, source: String? = nil,
                confidence: Double? = nil, alternatives: [String] = [], extra: JSONObject = JSONObject()) {
        self.text = text
        self.strokes = strokes
        self.box = box
        self.lang = lang
        self.source = source
        self.confidence = confidence
        self.alternatives = alternatives
        self.extra = extra
    }

    /// The layer key that holds the entries.
    public static let key = "text"
    /// The longest `text` (or alternative) an entry may have, in Unicode scalars: a line of handwriting is
    /// far shorter; a longer string is not what a recogniser gives, and would cost every reader.
    public static let maximumLength = 10_000
    /// The most entries a layer may have (a dense page has a few hundred words).
    public static let maximumEntries = 100_000
    /// The most alternatives an entry may have.
    public static let maximumAlternatives = 32
    /// The least confidence a recognised word needs to go into a PDF's invisible text layer
    /// (`--min-confidence`), measured on real people's notes (bench/handwriting, `make bench-handwriting`,
    /// scripts/handwriting_calibrate.py). With tesseract's readings (halved for a word no word list holds),
    /// 48 % of the words written at 0.7 are right, 62 % at 0.8, against 6 % of all it reads; no threshold that still
    /// writes words reaches nine in ten. 0.7 keeps the words of neat generated cursive that tesseract
    /// reads right (0.43-0.92 sure, its wrong readings at most 0.35), as many as OCRmyPDF finds there. Less
    /// sure words stay in the sidecar, where `inkpdf search` finds them among every reading kept.
    public static let textLayerMinimumConfidence = 0.7

    /// Whether this entry goes into a text layer that takes words at least `minimum` sure: the
    /// tablet's own words (no confidence) always do, and so do CJK readings (zinnia's confidence is another
    /// scale, and there are no real CJK notes here to measure one on).
    public func isSure(atLeast minimum: Double) -> Bool {
        guard let confidence else { return true }
        if text.unicodeScalars.contains(where: \.isCJK) { return true }
        return confidence >= minimum
    }

    /// A problem with one entry (or the array), located by the 1-based entry number.
    public struct Problem: Error, Sendable, Equatable {
        /// 1-based number of the entry in the layer's `text` array; nil for the array itself.
        public var entry: Int?
        public var field: String?
        public var problem: String
    }

    /// The checked entries of a layer's `text` value.
    /// - Parameter strokeCount: the number of strokes of the layer the entries belong to.
    public static func entries(of value: JSONValue, strokeCount: Int) throws(Problem) -> [RecognisedText] {
        guard case .array(let items) = value else {
            throw Problem(entry: nil, field: "text", problem: "`text` is not an array of entries")
        }
        guard items.count <= maximumEntries else {
            throw Problem(entry: nil, field: "text",
                          problem: "`text` has \(items.count) entries, more than the \(maximumEntries) a layer may have; split the layer")
        }
        var entries: [RecognisedText] = []
        entries.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            entries.append(try entry(item, number: index + 1, strokeCount: strokeCount))
        }
        return entries
    }

    private static func entry(_ value: JSONValue, number: Int, strokeCount: Int) throws(Problem) -> RecognisedText {
        func fail(_ field: String?, _ problem: String) -> Problem { Problem(entry: number, field: field, problem: problem) }
        guard case .object(let object) = value else { throw fail(nil, "the entry is not a JSON object") }
        var text: String?
        var strokes: [Int]?
        var entry = RecognisedText(text: "", strokes: [])
        for (key, value) in object.entries {
            switch key {
            case "text":
                guard case .string(let string) = value else { throw fail("text", "`text` is not a string") }
                text = try checkedWords(string, field: "text", fail: fail)
            case "strokes":
                guard case .array(let items) = value else { throw fail("strokes", "`strokes` is not an array of stroke indices") }
                var seen = Set<Int>()
                var indices: [Int] = []
                for item in items {
                    guard case .number(let literal) = item, let index = Int(literal) else {
                        throw fail("strokes", "`strokes` holds \(Self.describe(item)), not a 0-based stroke index")
                    }
                    guard index >= 0, index < strokeCount else {
                        throw fail("strokes", "stroke \(index) is not in this layer (\(strokeCount) stroke\(strokeCount == 1 ? "" : "s"))")
                    }
                    guard seen.insert(index).inserted else { throw fail("strokes", "stroke \(index) is listed twice") }
                    indices.append(index)
                }
                guard !indices.isEmpty else { throw fail("strokes", "`strokes` is empty; an entry is made of at least one stroke") }
                strokes = indices
            case "box":
                guard case .array(let items) = value, items.count == 4 else {
                    throw fail("box", "`box` is not [x, y, w, h]")
                }
                var numbers: [Double] = []
                for item in items {
                    guard case .number(let literal) = item, let number = Double(literal), number.isFinite else {
                        throw fail("box", "`box` holds \(Self.describe(item)), not a finite number")
                    }
                    numbers.append(number)
                }
                guard numbers[2] >= 0, numbers[3] >= 0 else { throw fail("box", "`box` has a negative width or height") }
                entry.box = Box(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            case "lang":
                guard case .string(let tag) = value, isLanguageTag(tag) else {
                    throw fail("lang", "`lang` is not a BCP 47 language tag (en, de-CH, zh-Hans, …)")
                }
                entry.lang = tag
            case "source":
                guard case .string(let source) = value else { throw fail("source", "`source` is not a string") }
                entry.source = source
            case "confidence":
                guard case .number(let literal) = value, let number = Double(literal), number >= 0, number <= 1 else {
                    throw fail("confidence", "`confidence` is not a number from 0 to 1")
                }
                entry.confidence = number
            case "alternatives":
                guard case .array(let items) = value else { throw fail("alternatives", "`alternatives` is not an array of strings") }
                guard items.count <= maximumAlternatives else {
                    throw fail("alternatives", "`alternatives` has \(items.count) readings, more than the \(maximumAlternatives) kept")
                }
                for item in items {
                    guard case .string(let string) = item else { throw fail("alternatives", "`alternatives` holds \(Self.describe(item)), not a string") }
                    entry.alternatives.append(try checkedWords(string, field: "alternatives", fail: fail))
                }
            default:
                entry.extra.entries.append((key, value))
            }
        }
        guard let text else { throw fail("text", "the entry has no `text`") }
        guard let strokes else { throw fail("strokes", "the entry has no `strokes`") }
        entry.text = text
        entry.strokes = strokes
        return entry
    }

    /// `string` if it is words an entry may hold: not empty, not too long, no control characters.
    private static func checkedWords(_ string: String, field: String,
                                     fail: (String?, String) -> Problem) throws(Problem) -> String {
        guard !string.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) else {
            throw fail(field, "`\(field)` is empty; leave the entry out where nothing was read")
        }
        var count = 0
        for scalar in string.unicodeScalars {
            count += 1
            if scalar.properties.generalCategory == .control {
                throw fail(field, "`\(field)` holds the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)); write words only")
            }
        }
        guard count <= maximumLength else {
            throw fail(field, "`\(field)` is \(count) characters long, more than the \(maximumLength) an entry may hold; split it into words or lines")
        }
        return string
    }

    /// Words typed or transcribed elsewhere (an InkML truth annotation, a PDF annotation's `/Contents`)
    /// as an entry's `text`: NFC, control characters and runs of white space as one space, trimmed, cut
    /// at `maximumLength`; nil when nothing is left.
    public static func words(fromTyped raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in raw.precomposedStringWithCanonicalMapping.unicodeScalars {
            let space = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            if space {
                if let last = scalars.last, last != " " { scalars.append(" "); count += 1 }
            } else {
                scalars.append(scalar)
                count += 1
            }
            if count >= maximumLength { break }
        }
        while scalars.last == " " { scalars.removeLast() }
        return scalars.isEmpty ? nil : String(scalars)
    }

    /// Whether `tag` has the shape of a BCP 47 tag: subtags of 1–8 letters or digits joined by hyphens,
    /// the first of 2–8 letters (or `i`/`x` for the grandfathered and private forms).
    public static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, !parts.isEmpty, tag.utf8.count <= 64 else { return false }
        let letters = first.allSatisfy { $0.isASCII && $0.isLetter }
        guard letters && ((2...8).contains(first.count) || first == "i" || first == "x") else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let literal): literal.count <= 24 ? literal : "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The entry as the format writes it: the defined keys in the format's order, then the unknown ones.
    public var json: JSONValue {
        var object = JSONObject()
        object.entries.append(("text", .string(text)))
        object.entries.append(("strokes", .array(strokes.map { JSONValue.number($0) })))
        if let box {
            object.entries.append(("box", .array([box.x, box.y, box.width, box.height].map { JSONValue.number($0) })))
        }
        if let lang { object.entries.append(("lang", .string(lang))) }
        if let source { object.entries.append(("source", .string(source))) }
        if let confidence { object.entries.append(("confidence", .number(confidence))) }
        if !alternatives.isEmpty { object.entries.append(("alternatives", .array(alternatives.map { JSONValue.string($0) }))) }
        object.entries += extra.entries
        return .object(object)
    }
}

extension PageLayer {
    /// The layer's recognised text, in reading order (none when it has no `text` key; the reader has
    /// checked the entries, so an unreadable value, possible only in a layer built in memory, gives none).
    public var recognisedText: [RecognisedText] {
        guard let value = extra[RecognisedText.key] else { return [] }
        return (try? RecognisedText.entries(of: value, strokeCount: strokes.count)) ?? []
    }

    /// Whether the layer says what its strokes read.
    public var hasRecognisedText: Bool {
        if case .array(let items)? = extra[RecognisedText.key] { return !items.isEmpty }
        return false
    }

    /// Replaces the layer's `text` entries (removing the key when there are none).
    public mutating func setRecognisedText(_ entries: [RecognisedText]) {
        extra[RecognisedText.key] = entries.isEmpty ? nil : .array(entries.map(\.json))
    }

    /// Where an entry lies: its `box`, or the bounds of its strokes as drawn (points, after each stroke's
    /// transform, widened by half the largest nib); nil when its strokes are not in the layer.
    /// This reads the points of the entry's strokes: for many entries, ask `boxes(of:)`.
    public func box(of entry: RecognisedText) -> RecognisedText.Box? {
        if let box = entry.box { return box }
        return Self.union(of: entry.strokes) { strokes.indices.contains($0) ? strokes[$0].drawnBounds : nil }
    }

    /// Where each of `entries` lies, as `box(of:)` says, with each stroke's bounds measured once for the
    /// layer (when some entry has no `box`), not once for each entry that names it: the work is the
    /// layer's points plus the entries' stroke indices, whatever the number of entries over one long stroke.
    public func boxes(of entries: [RecognisedText]) -> [RecognisedText.Box?] {
        var drawn: [RecognisedText.Box?]?
        return entries.map { entry in
            if let box = entry.box { return box }
            let bounds = drawn ?? strokes.map(\.drawnBounds)
            drawn = bounds
            return Self.union(of: entry.strokes) { bounds.indices.contains($0) ? bounds[$0] : nil }
        }
    }

    /// The union of the bounds `bounds` gives the strokes `indices` (nil: none gives any).
    private static func union(of indices: [Int], _ bounds: (Int) -> RecognisedText.Box?) -> RecognisedText.Box? {
        var union: RecognisedText.Box?
        for index in indices {
            if let strokeBox = bounds(index) { union = union.map { $0.union(strokeBox) } ?? strokeBox }
        }
        return union
    }
}

extension Stroke {
    /// The bounds of the stroke as drawn: its points after `transform`, widened by half the largest nib.
    public var drawnBounds: RecognisedText.Box? {
        guard !points.isEmpty else { return nil }
        let transform = self.transform ?? .identity
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var nib = 0.0
        for point in points {
            let (x, y) = transform.apply(x: point.x, y: point.y)
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
            nib = max(nib, point.w, point.h)
        }
        let reach = nib * transform.meanScale / 2
        return RecognisedText.Box(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}

extension RecognisedText {
    /// The integer stroke indices an entry's JSON names (those that are integers), in order.
    public static func strokeIndices(in object: JSONObject) -> [Int] {
        guard case .array(let items)? = object["strokes"] else { return [] }
        return items.compactMap { if case .number(let literal) = $0 { Int(literal) } else { nil } }
    }
}
