import CFontconfig
import LibCairo
import Synchronization

/// The font a text box is drawn in, chosen as Pango (Xournal++'s text layout) chooses it:
/// fontconfig's order for the family, slant and weight, leaving out the font formats Pango
/// cannot use (Type 1 and bitmap fonts). cairo's own font selection takes fontconfig's first
/// match, which for the URW fonts (C059, P052, …) is the Type 1 file beside the OpenType one,
/// with other line metrics: text then lands lower than Xournal++ draws it.
enum TextFontFace {
    private struct Key: Hashable {
        var family: String
        var bold: Bool
        var italic: Bool
    }

    /// Faces already made, kept for the process (a document names few fonts).
    private static let faces = Mutex<[Key: CairoFontFace]>([:])

    /// Formats Pango does not draw with (FC_FONTFORMAT values).
    private static let unusable: Set<String> = ["Type 1", "PCF", "BDF"]

    /// Sets the context's font face for `font`; cairo's own selection when fontconfig finds nothing.
    /// The corresponding C functions are `FcFontSort`, `FcFontRenderPrepare` and `cairo_ft_font_face_create_for_pattern`.
    static func select(_ font: FontDescription, on context: borrowing CairoContext) {
        let key = Key(family: font.family, bold: font.bold, italic: font.italic)
        let face = faces.withLock { cache -> CairoFontFace? in
            if let face = cache[key] { return face }
            guard let made = make(key) else { return nil }
            cache[key] = made
            return made
        }
        if let face {
            context.setFontFace(face)
        } else {
            context.selectFontFace(font.family, slant: font.italic ? .italic : .normal, weight: font.bold ? .bold : .normal)
        }
    }

    private static func make(_ key: Key) -> CairoFontFace? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, key.family)
        FcPatternAddInteger(pattern, FC_SLANT, key.italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddInteger(pattern, FC_WEIGHT, key.bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let set = FcFontSort(nil, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for index in 0..<Int(set.pointee.nfont) {
            guard let candidate = set.pointee.fonts[index] else { continue }
            var format: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(candidate, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format,
               unusable.contains(String(cString: format)) {
                continue
            }
            guard let prepared = FcFontRenderPrepare(nil, pattern, candidate) else { return nil }
            defer { FcPatternDestroy(prepared) }
            return CairoFontFace.fromFontconfigPattern(prepared)
        }
        return nil
    }
}
