/// A Pango-style font description ("Sans", "DejaVu Serif Bold Italic 12",
/// "Noto Sans CJK SC, Bold") as text boxes of other tools name their fonts:
/// the family, then style and weight words and a size, which are not part of it.
struct FontDescription: Equatable {
    var family: String
    var bold: Bool
    var italic: Bool

    private static let boldWords: Set<String> = ["bold", "semibold", "semi-bold", "demibold", "ultrabold", "extrabold",
                                                 "heavy", "black", "ultraheavy"]
    private static let italicWords: Set<String> = ["italic", "oblique"]
    /// Words Pango reads as style, weight, stretch or variant rather than family.
    private static let otherWords: Set<String> = ["normal", "regular", "book", "medium", "light", "ultralight", "extralight",
                                                  "thin", "semilight", "condensed", "expanded", "semicondensed", "semiexpanded",
                                                  "ultracondensed", "extracondensed", "ultraexpanded", "extraexpanded",
                                                  "small-caps", "roman"]

    init(_ description: String) {
        var words = description.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        var bold = false, italic = false
        while let last = words.last, words.count > 1 || Double(last) != nil {
            let word = last.lowercased()
            if Double(word) != nil || word.hasSuffix("px") && Double(word.dropLast(2)) != nil {
            } else if Self.boldWords.contains(word) {
                bold = true
            } else if Self.italicWords.contains(word) {
                italic = true
            } else if !Self.otherWords.contains(word) {
                break
            }
            words.removeLast()
        }
        let family = words.joined(separator: " ")
        self.family = family.isEmpty ? "Sans" : family
        self.bold = bold
        self.italic = italic
    }
}
