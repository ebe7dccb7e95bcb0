import InkModel
/// One word (or line) of handwriting as the invisible text layer shows it: what it
/// reads and where, in the ink's frame (points from the top-left of the page as
/// displayed, y down: the frame `InkContent` is drawn in).
public struct HandwritingWord: Sendable, Equatable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(text: String, x: Double, y: Double, width: Double, height: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The font of a document's invisible handwriting text, and the text's operators.
///
/// One Type 0 font (`/BaseFont /InkPDFHandwriting`, `/Encoding /Identity-H`) whose
/// descendant is a CIDFontType2 with a glyphless TrueType program of inkpdf's own
/// (`GlyphlessTrueType`) and a `/ToUnicode` CMap, shared by every page of the document.
/// Each character gets a CID the first time a page shows it (1, 2, …, in page order:
/// the pages are written in order, so the numbering is deterministic), and the
/// CMap maps each CID back to its character (UTF-16BE, a surrogate pair beyond the
/// BMP). Every CID is one em wide (`/DW 1000`); a word is shown at size 1 under a
/// text matrix that makes its characters share its box's width and fill its
/// height, in render mode 3 (`3 Tr`: nothing is painted).
///
/// Tools that search PDFs (`inkpdf search`) tell handwriting from print by the
/// font's name: it contains `InkPDFHandwriting`.
public struct HandwritingFont: Sendable {
    /// The font's `/BaseFont` and `/FontName`, and the resource name pages use for it (when free).
    public static let name = "InkPDFHandwriting"
    /// The most characters one document's text layer can show: CIDs are 2 bytes, and CID 0 is `.notdef`.
    public static let maximumCharacters = 65_534

    private var cids: [Unicode.Scalar: UInt16] = [:]
    /// The characters in CID order (CID `n` is `characters[n - 1]`).
    public private(set) var characters: [Unicode.Scalar] = []
    /// Words left out because the font had no room for their characters.
    public private(set) var wordsLeftOut = 0

    public init() {}

    /// Whether any page has shown text in the font.
    public var isUsed: Bool { !characters.isEmpty }

    /// The operators that show `words` invisibly on a frame `frameHeight` points high, in
    /// the space of that frame turned y up (origin bottom-left), with the font under the
    /// resource name `resource` (`/Name`); nil when no word can be shown (each has a box
    /// with some width and height and finite numbers, else it is left out).
    public mutating func operators(for words: [HandwritingWord], frameHeight: Double, resource: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var codes: [UInt16] = []
        for word in words {
            guard [word.x, word.y, word.width, word.height, frameHeight].allSatisfy(\.isFinite),
                  word.width >= Self.smallestSide, word.height >= Self.smallestSide,
                  encode(word.text, into: &codes) else { continue }
            if bytes.isEmpty {
                bytes += Array("BT\n3 Tr\n/".utf8)
                bytes += Array(resource.utf8)
                bytes += Array(" 1 Tf\n".utf8)
            }
            // Size 1: each character one unit wide before the matrix, which stretches the
            // characters across the box and makes the em box (−0.2 … 0.8) its height.
            let horizontal = word.width / Double(codes.count)
            let baseline = frameHeight - word.y - word.height * Double(GlyphlessTrueType.ascent) / Double(GlyphlessTrueType.unitsPerEm)
            number(horizontal, 6, &bytes); bytes += Array("0 0 ".utf8)
            number(word.height, 4, &bytes)
            number(word.x, 3, &bytes); number(baseline, 3, &bytes)
            bytes += Array("Tm\n<".utf8)
            for code in codes { hex(code, &bytes) }
            bytes += Array("> Tj\n".utf8)
        }
        guard !bytes.isEmpty else { return nil }
        bytes += Array("ET\n".utf8)
        return bytes
    }

    /// Below this side (in points) a box is left out: a matrix that small is all but singular.
    public static let smallestSide = 0.01

    private func number(_ value: Double, _ digits: Int, _ bytes: inout [UInt8]) {
        PDFNumberWriter.appendDecimal(value, fractionDigits: digits, to: &bytes)
        bytes.append(32)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private func hex(_ code: UInt16, _ bytes: inout [UInt8]) {
        for shift in [12, 8, 4, 0] { bytes.append(Self.hexDigits[Int((code >> UInt16(shift)) & 15)]) }
    }

    /// The CIDs of `text` (in the order it is seen, `visualOrder`, without format characters: `shown`)
    /// in `codes`, numbering new characters; false (nothing numbered) when the font has no room for
    /// them or nothing is left to show.
    private mutating func encode(_ text: String, into codes: inout [UInt16]) -> Bool {
        codes.removeAll(keepingCapacity: true)
        let scalars = Self.visualOrder(Self.shown(text))
        var new: [Unicode.Scalar] = []
        var seen: Set<Unicode.Scalar> = []
        for scalar in scalars where cids[scalar] == nil && seen.insert(scalar).inserted {
            new.append(scalar)
            if characters.count + new.count > Self.maximumCharacters { wordsLeftOut += 1; return false }
        }
        for scalar in new {
            characters.append(scalar)
            cids[scalar] = UInt16(characters.count)
        }
        for scalar in scalars { codes.append(cids[scalar]!) }
        return !codes.isEmpty
    }

    /// `text` without its format characters (Unicode general category Cf: bidirectional controls such
    /// as U+202E and U+202C, zero-width joiners and spaces, the soft hyphen, …). They draw nothing and
    /// the order is already the one shown (`visualOrder`), but poppler gives them no place in its
    /// layout: a text layer holding one lays out fewer boxes than characters, and a reader that
    /// pairs them (`inkpdf search`) loses the place of every word on the page. An entry's `text`
    /// keeps them (the ink is kept as written); the text layer shows the rest.
    static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isFormat) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !isFormat($0) })
        return String(kept)
    }

    static func isFormat(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.generalCategory == .format }

    /// `text` in the order its characters lie from left to right, as a PDF shows right-to-left
    /// text (Hebrew, Arabic …) and as readers expect to find it: they undo the Unicode
    /// bidirectional algorithm (UAX #9) on what they see. So the order is that algorithm's, for
    /// one paragraph without explicit embeddings: the paragraph's direction from its first strong
    /// letter (P2, P3); numbers, their separators and terminators resolved as the weak rules say
    /// (W1–W7: "123" after Hebrew stays "123", "1,5" one number, "abc 123" left to right);
    /// neutrals (spaces, punctuation) between letters of one direction take it, the others the
    /// paragraph's (N1, N2); levels (I1, I2) and the runs reversed from the highest (L2).
    /// A simpler rule put the space between a Hebrew word and a number on the wrong side: MuPDF
    /// and poppler then glued the two together ("שלום123"). Characters (graphemes) are kept
    /// whole, a base before its marks.
    static func visualOrder(_ text: String) -> [Unicode.Scalar] {
        // Most text has no right-to-left letter: its scalars as they are, without breaking it into graphemes.
        guard text.unicodeScalars.contains(where: isRightToLeft) else { return Array(text.unicodeScalars) }
        let characters = Array(text)
        var types = characters.map { bidiClass($0.unicodeScalars.first!) }
        let paragraphRightToLeft = types.first { $0 == .l || $0 == .r || $0 == .al }.map { $0 != .l } ?? false
        let start: BidiClass = paragraphRightToLeft ? .r : .l
        // W1 (marks are inside their characters). W2: a European number after Arabic letters is Arabic; W3: AL is R.
        var lastStrong = start
        for index in types.indices {
            switch types[index] {
            case .l, .r, .al: lastStrong = types[index]
            case .en where lastStrong == .al: types[index] = .an
            default: break
            }
        }
        for index in types.indices where types[index] == .al { types[index] = .r }
        // W4: one separator between two numbers of a kind joins them.
        for index in types.indices.dropFirst().dropLast() {
            let before = types[index - 1], after = types[index + 1]
            if types[index] == .es, before == .en, after == .en { types[index] = .en }
            if types[index] == .cs, before == after, before == .en || before == .an { types[index] = before }
        }
        // W5: terminators next to a European number are part of it.
        var index = 0
        while index < types.count {
            guard types[index] == .et else { index += 1; continue }
            var end = index
            while end < types.count, types[end] == .et { end += 1 }
            if (index > 0 && types[index - 1] == .en) || (end < types.count && types[end] == .en) {
                for place in index..<end { types[place] = .en }
            }
            index = end
        }
        // W6: other separators and terminators are neutral. W7: a European number after L (or at an L start) is L.
        lastStrong = start
        for index in types.indices {
            switch types[index] {
            case .es, .et, .cs: types[index] = .on
            case .l, .r: lastStrong = types[index]
            case .en where lastStrong == .l: types[index] = .l
            default: break
            }
        }
        // N1, N2: a run of neutrals takes the direction on both its sides (numbers count as R), else the paragraph's.
        func strength(_ type: BidiClass) -> BidiClass { type == .l ? .l : .r }
        index = 0
        while index < types.count {
            guard types[index] == .on else { index += 1; continue }
            var end = index
            while end < types.count, types[end] == .on { end += 1 }
            let before = index > 0 ? strength(types[index - 1]) : start
            let after = end < types.count ? strength(types[end]) : start
            let resolved = before == after ? before : start
            for place in index..<end { types[place] = resolved }
            index = end
        }
        // I1, I2: the levels; L1's trailing whitespace goes back to the paragraph's level.
        let base = paragraphRightToLeft ? 1 : 0
        var levels = types.map { type -> Int in
            switch (base, type) {
            case (0, .r): 1
            case (0, .an), (0, .en): 2
            case (1, .l), (1, .en), (1, .an): 2
            default: base
            }
        }
        var trailing = characters.count
        while trailing > 0, characters[trailing - 1].isWhitespace { trailing -= 1; levels[trailing] = base }
        // L2: from the highest level to the lowest odd one, every run at that level or above reversed.
        var order = Array(characters.indices)
        let highest = levels.max() ?? 0
        var level = highest
        while level >= 1 {
            var place = 0
            while place < order.count {
                guard levels[order[place]] >= level else { place += 1; continue }
                var end = place
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[place..<end].reverse()
                place = end
            }
            level -= 1
        }
        return order.flatMap { characters[$0].unicodeScalars }
    }

    /// The bidirectional classes `visualOrder` tells apart (UAX #9, table 4); neutrals are all `on`.
    enum BidiClass { case l, r, al, en, an, es, et, cs, on }

    /// `scalar`'s bidirectional class, as far as `visualOrder` needs it: letters of right-to-left
    /// scripts R (Arabic's AL), digits EN (Arabic-Indic AN), the separators and terminators of
    /// numbers, other letters and numbers L, the rest neutral.
    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        switch scalar.value {
        case 0x0660...0x0669, 0x066B, 0x066C: return .an
        case 0x06F0...0x06F9: return .en
        case 0x0030...0x0039, 0x00B2, 0x00B3, 0x00B9, 0x2070...0x2079, 0x2080...0x2089, 0xFF10...0xFF19: return .en
        case 0x002B, 0x002D, 0x207A, 0x207B, 0x208A, 0x208B, 0x2212, 0xFE62, 0xFE63, 0xFF0B, 0xFF0D: return .es
        case 0x0023...0x0025, 0x00A2...0x00A5, 0x00B0, 0x00B1, 0x0609, 0x060A, 0x066A, 0x2030...0x2034, 0x20A0...0x20CF,
             0x2213, 0xFF03...0xFF05: return .et
        case 0x002C, 0x002E, 0x002F, 0x003A, 0x00A0, 0x060C, 0x202F, 0x2044, 0xFE50, 0xFE52, 0xFE55, 0xFF0C, 0xFF0E, 0xFF0F, 0xFF1A:
            return .cs
        case 0x0600...0x07BF, 0x0860...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF, 0x10D00...0x10D3F, 0x10F30...0x10F6F, 0x1EC70...0x1EEFF:
            return isRightToLeft(scalar) && scalar.properties.numericType == nil ? .al : .on
        default:
            if isRightToLeft(scalar) { return scalar.properties.numericType == nil ? .r : .en }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return .l }
            return .on
        }
    }

    /// Whether `scalar` belongs to a right-to-left script's block (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic, their presentation forms, and the historic ones beyond the BMP).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    // MARK: The font's objects

    /// The Type 0 font dictionary, its descendant being object `descendant` and its CMap `toUnicode`.
    public static func type0Dictionary(descendant: Int, toUnicode: Int) -> String {
        "<<" + type0Keys + "/DescendantFonts[\(descendant) 0 R]/ToUnicode \(toUnicode) 0 R>>"
    }

    /// The Type 0 font's keys that name no other object (PDF text without `<< >>`).
    public static let type0Keys = "/Type/Font/Subtype/Type0/BaseFont/\(name)/Encoding/Identity-H"
    /// The CIDFont's keys that name no other object.
    public static let cidFontKeys = "/Type/Font/Subtype/CIDFontType2/BaseFont/\(name)"
        + "/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/DW \(GlyphlessTrueType.unitsPerEm)"
    /// The descriptor's keys but its program. Symbolic (flag 3): its glyphs are no standard set.
    public static let descriptorKeys = "/Type/FontDescriptor/FontName/\(name)/Flags 4"
        + "/FontBBox[0 \(GlyphlessTrueType.descent) \(GlyphlessTrueType.unitsPerEm) \(GlyphlessTrueType.ascent)]/ItalicAngle 0"
        + "/Ascent \(GlyphlessTrueType.ascent)/Descent \(GlyphlessTrueType.descent)/CapHeight 700/StemV 80"

    /// The CIDFontType2 dictionary, its CIDs mapped to glyphs by the stream `cidToGIDMap`; every CID an em wide.
    public static func cidFontDictionary(descriptor: Int, cidToGIDMap: Int) -> String {
        "<<" + cidFontKeys + "/FontDescriptor \(descriptor) 0 R/CIDToGIDMap \(cidToGIDMap) 0 R>>"
    }

    /// The `/CIDToGIDMap` stream's data: CID 0 to glyph 0 (`.notdef`), every CID in use to glyph 1
    /// (the program's one glyph): the program stays the same whatever the text.
    public var cidToGIDMap: [UInt8] {
        var map: [UInt8] = [0, 0]
        map.reserveCapacity(2 * (characters.count + 1))
        for _ in characters { map += [0, 1] }
        return map
    }

    /// The font descriptor, the program being object `program`.
    public static func descriptorDictionary(program: Int) -> String {
        "<<" + descriptorKeys + "/FontFile2 \(program) 0 R>>"
    }

    /// The TrueType program (undeflated; its stream also needs `/Length1`, its length): `.notdef` and one glyph.
    public static let program = GlyphlessTrueType.program(glyphCount: 2, name: name)

    /// The `/ToUnicode` CMap: each CID to its character.
    public var toUnicode: [UInt8] {
        var bytes = Array(("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
            + "/CIDSystemInfo <</Registry (Adobe) /Ordering (UCS) /Supplement 0>> def\n"
            + "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            + "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n").utf8)
        // At most 100 mappings a block, as the CMap format asks.
        var start = 0
        while start < characters.count {
            let block = characters[start..<min(start + 100, characters.count)]
            bytes += Array("\(block.count) beginbfchar\n".utf8)
            for (offset, scalar) in block.enumerated() {
                bytes.append(UInt8(ascii: "<"))
                hex(UInt16(start + offset + 1), &bytes)
                bytes += Array("> <".utf8)
                for unit in String(scalar).utf16 { hex(unit, &bytes) }
                bytes += Array(">\n".utf8)
            }
            bytes += Array("endbfchar\n".utf8)
            start += 100
        }
        bytes += Array("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n".utf8)
        return bytes
    }
}
