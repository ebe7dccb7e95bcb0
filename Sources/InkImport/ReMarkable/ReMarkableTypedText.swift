/// Typed text of a version 6 page laid out as plain lines: one `.text`
/// decoration per paragraph, at the line positions rmc uses (the tablet's
/// fonts and wrapping are not reproduced; the report says so).
enum ReMarkableTypedText {
    /// Where the first line's top sits above the text block's y, in tablet units.
    static let topOffset: Double = -88

    /// Paragraph styles (rmscene's `ParagraphStyle`): 0 basic, 1 plain, 2 heading, 3 bold,
    /// 4 and 5 bullets, 6 and 7 check boxes.
    static func lineHeight(style: Int) -> Double {
        switch style {
        case 2: 150
        case 4, 5, 6, 7: 35
        default: 70
        }
    }

    /// The font size of a paragraph style, in tablet units.
    static func fontSize(style: Int) -> Double {
        switch style {
        case 2: 58
        case 3: 36
        default: 32
        }
    }

    static func prefix(style: Int) -> String {
        switch style {
        case 4, 5: "• "
        case 6: "☐ "
        case 7: "☑ "
        default: ""
        }
    }
}
