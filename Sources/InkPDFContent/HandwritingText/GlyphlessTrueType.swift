/// A TrueType font program whose glyphs are all empty: what the handwriting's
/// invisible text is shown in (`HandwritingFont`). Text render mode 3 draws no
/// glyph anyway; a reader still needs a font it can load to place the text, and
/// an embedded one, so that no reader substitutes a system font.
///
/// Written from the OpenType specification's table layouts with the fewest tables
/// FreeType, MuPDF and PDFium load: `OS/2 cmap glyf head hhea hmtx loca maxp name post`.
/// Every glyph is 1000 units (one em) wide, from −200 to 800 units high, so that a
/// glyph shown at size `h` covers a box `h` high from its baseline 0.2 `h` below.
/// Deterministic: no dates (the `head` table's are 0).
public enum GlyphlessTrueType {
    /// Units per em, and every glyph's advance.
    public static let unitsPerEm = 1000
    /// The em box's top and bottom above the baseline, in font units.
    public static let ascent = 800
    public static let descent = -200

    /// The font program with `glyphCount` glyphs that draw nothing (glyph 0 is `.notdef`); 1 … 5461
    /// (the short `loca` offsets reach that far).
    public static func program(glyphCount: Int, name: String) -> [UInt8] {
        let glyphs = min(max(glyphCount, 1), 5461)
        var tables: [(tag: String, data: [UInt8])] = []
        tables.append(("OS/2", os2()))
        tables.append(("cmap", cmap()))
        tables.append(("glyf", glyf(glyphs: glyphs)))
        tables.append(("head", head()))
        tables.append(("hhea", hhea()))
        tables.append(("hmtx", hmtx(glyphs: glyphs)))
        tables.append(("loca", loca(glyphs: glyphs)))
        tables.append(("maxp", maxp(glyphs: glyphs)))
        tables.append(("name", nameTable(name)))
        tables.append(("post", post()))

        var font = FontBytes()
        let count = tables.count
        var power = 1, selector = 0
        while power * 2 <= count { power *= 2; selector += 1 }
        font.u32(0x0001_0000)
        font.u16(count); font.u16(power * 16); font.u16(selector); font.u16(count * 16 - power * 16)
        var offset = 12 + 16 * count
        var headOffset = 0
        for table in tables {
            font.bytes += Array(table.tag.utf8)
            font.u32(checksum(table.data))
            font.u32(offset)
            font.u32(table.data.count)
            if table.tag == "head" { headOffset = offset }
            offset += (table.data.count + 3) & ~3
        }
        for table in tables {
            font.bytes += table.data
            while font.bytes.count % 4 != 0 { font.bytes.append(0) }
        }
        // head.checkSumAdjustment: makes the whole font's checksum 0xB1B0AFBA.
        let adjustment = (0xB1B0_AFBA &- checksum(font.bytes)) & 0xFFFF_FFFF
        for index in 0..<4 { font.bytes[headOffset + 8 + index] = UInt8(truncatingIfNeeded: adjustment >> (24 - 8 * index)) }
        return font.bytes
    }

    /// The sum of the big-endian 32-bit words of `data` (zero-padded), modulo 2³².
    static func checksum(_ data: [UInt8]) -> Int {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word <<= 8
                if index + byte < data.count { word |= UInt32(data[index + byte]) }
            }
            sum &+= word
            index += 4
        }
        return Int(sum)
    }

    private static func head() -> [UInt8] {
        var table = FontBytes()
        table.u32(0x0001_0000)          // version
        table.u32(0x0001_0000)          // fontRevision
        table.u32(0)                    // checkSumAdjustment, set last
        table.u32(0x5F0F_3CF5)          // magicNumber
        table.u16(0x000B)               // flags: baseline at 0, lsb at 0, integer scaling
        table.u16(unitsPerEm)
        table.u32(0); table.u32(0)      // created
        table.u32(0); table.u32(0)      // modified
        table.s16(0); table.s16(descent); table.s16(unitsPerEm); table.s16(ascent)   // xMin yMin xMax yMax
        table.u16(0)                    // macStyle
        table.u16(8)                    // lowestRecPPEM
        table.s16(2)                    // fontDirectionHint
        table.s16(0)                    // indexToLocFormat: short
        table.s16(0)                    // glyphDataFormat
        return table.bytes
    }

    /// Each glyph: one contour of two points, the em box's corners (0, −200) and (1000, 800):
    /// a line, which encloses nothing and so fills nothing, whose bounds are the em box. The
    /// bounds tell readers how high a character stands: PDFium measures a glyph by its outline,
    /// and without one (empty glyphs, or a header's box alone) a rotated page's text had no
    /// width to it and was not extracted.
    private static func glyf(glyphs: Int) -> [UInt8] {
        var glyph = FontBytes()
        glyph.s16(1)                                                       // numberOfContours
        glyph.s16(0); glyph.s16(descent); glyph.s16(unitsPerEm); glyph.s16(ascent)   // xMin yMin xMax yMax
        glyph.u16(1)                                                       // endPtsOfContours[0]
        glyph.u16(0)                                                       // instructionLength
        glyph.bytes += [1, 1]                                              // flags: on the curve, 16-bit deltas
        glyph.s16(0); glyph.s16(unitsPerEm)                                // x deltas
        glyph.s16(descent); glyph.s16(ascent - descent)                    // y deltas
        var table: [UInt8] = []
        table.reserveCapacity(glyph.bytes.count * glyphs)
        for _ in 0..<glyphs { table += glyph.bytes }
        return table
    }

    /// Short offsets (halved): glyph n at 24 n.
    private static func loca(glyphs: Int) -> [UInt8] {
        var table = FontBytes()
        for index in 0...glyphs { table.u16(index * 12) }
        return table.bytes
    }

    private static func hhea() -> [UInt8] {
        var table = FontBytes()
        table.u32(0x0001_0000)
        table.s16(ascent); table.s16(descent); table.s16(0)        // ascender, descender, lineGap
        table.u16(unitsPerEm)                                      // advanceWidthMax
        table.s16(0); table.s16(0); table.s16(unitsPerEm)          // minLeftSideBearing, minRightSideBearing, xMaxExtent
        table.s16(1); table.s16(0); table.s16(0)                   // caretSlopeRise, caretSlopeRun, caretOffset
        for _ in 0..<4 { table.s16(0) }                            // reserved
        table.s16(0)                                               // metricDataFormat
        table.u16(1)                                               // numberOfHMetrics: one advance for all
        return table.bytes
    }

    private static func hmtx(glyphs: Int) -> [UInt8] {
        var table = FontBytes()
        table.u16(unitsPerEm); table.s16(0)
        // The left side bearings of the other glyphs, all 0.
        table.bytes += [UInt8](repeating: 0, count: 2 * (glyphs - 1))
        return table.bytes
    }

    private static func maxp(glyphs: Int) -> [UInt8] {
        var table = FontBytes()
        table.u32(0x0001_0000)
        table.u16(glyphs)
        // maxPoints, maxContours, maxCompositePoints, maxCompositeContours, maxZones (2: no
        // twilight zone use, as the specification asks), then the instruction limits, all 0.
        for value in [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0] { table.u16(value) }
        return table.bytes
    }

    /// One format 4 subtable (Windows Unicode) that maps nothing: its only segment is the final 0xFFFF one.
    private static func cmap() -> [UInt8] {
        var table = FontBytes()
        table.u16(0); table.u16(1)                      // version, numTables
        table.u16(3); table.u16(1); table.u32(12)       // platform 3, encoding 1, offset
        table.u16(4); table.u16(24); table.u16(0)       // format, length, language
        table.u16(2); table.u16(2); table.u16(0); table.u16(0)   // segCountX2, searchRange, entrySelector, rangeShift
        table.u16(0xFFFF)                               // endCode
        table.u16(0)                                    // reservedPad
        table.u16(0xFFFF)                               // startCode
        table.s16(1)                                    // idDelta
        table.u16(0)                                    // idRangeOffset
        return table.bytes
    }

    /// Family (1), full name (4) and PostScript name (6), Windows Unicode, in UTF-16BE.
    private static func nameTable(_ name: String) -> [UInt8] {
        let ascii = name.unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        var string: [UInt8] = []
        for scalar in ascii.prefix(63) { string.append(0); string.append(UInt8(scalar.value)) }
        let ids = [1, 4, 6]
        var table = FontBytes()
        table.u16(0); table.u16(ids.count); table.u16(6 + 12 * ids.count)
        for id in ids {
            table.u16(3); table.u16(1); table.u16(0x0409); table.u16(id)
            table.u16(string.count); table.u16(0)        // all three share one string
        }
        table.bytes += string
        return table.bytes
    }

    /// Format 3: no glyph names.
    private static func post() -> [UInt8] {
        var table = FontBytes()
        table.u32(0x0003_0000)
        table.u32(0)                    // italicAngle
        table.s16(-100); table.s16(50)  // underlinePosition, underlineThickness
        table.u32(0)                    // isFixedPitch (all glyphs are one em, but a reader need not know)
        for _ in 0..<4 { table.u32(0) } // memory hints
        return table.bytes
    }

    /// Version 4 (96 bytes).
    private static func os2() -> [UInt8] {
        var table = FontBytes()
        table.u16(4)                    // version
        table.s16(unitsPerEm)           // xAvgCharWidth
        table.u16(400); table.u16(5)    // usWeightClass, usWidthClass
        table.u16(0)                    // fsType: installable
        table.s16(650); table.s16(600); table.s16(0); table.s16(75)     // subscript size and offset
        table.s16(650); table.s16(600); table.s16(0); table.s16(350)    // superscript size and offset
        table.s16(50); table.s16(250)   // strikeout size and position
        table.s16(0)                    // sFamilyClass
        table.bytes += [UInt8](repeating: 0, count: 10)                  // panose
        for _ in 0..<4 { table.u32(0) } // ulUnicodeRange1…4
        table.bytes += Array("NONE".utf8)                                // achVendID
        table.u16(0x0040)               // fsSelection: regular
        table.u16(0); table.u16(0xFFFF) // usFirstCharIndex, usLastCharIndex
        table.s16(ascent); table.s16(descent); table.s16(0)              // sTypoAscender, sTypoDescender, sTypoLineGap
        table.u16(ascent); table.u16(-descent)                           // usWinAscent, usWinDescent
        table.u32(0); table.u32(0)      // ulCodePageRange1, 2
        table.s16(500); table.s16(700)  // sxHeight, sCapHeight
        table.u16(0); table.u16(32); table.u16(0)                        // usDefaultChar, usBreakChar, usMaxContext
        return table.bytes
    }
}

/// Big-endian integers appended to a byte array.
struct FontBytes {
    var bytes: [UInt8] = []

    mutating func u16(_ value: Int) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func s16(_ value: Int) { u16(value & 0xFFFF) }

    mutating func u32(_ value: Int) {
        for shift in [24, 16, 8, 0] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
