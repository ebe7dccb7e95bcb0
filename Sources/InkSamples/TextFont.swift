/// A toy-API font choice.
struct TextFont: Sendable, Equatable {
    var family: String
    var size: Double
    var bold = false
    var italic = false

    static let body = TextFont(family: "DejaVu Serif", size: 11)
    static func sans(_ size: Double, bold: Bool = false, italic: Bool = false) -> TextFont {
        TextFont(family: "DejaVu Sans", size: size, bold: bold, italic: italic)
    }
    static func serif(_ size: Double, bold: Bool = false, italic: Bool = false) -> TextFont {
        TextFont(family: "DejaVu Serif", size: size, bold: bold, italic: italic)
    }
    static func mono(_ size: Double) -> TextFont { TextFont(family: "DejaVu Sans Mono", size: size) }
}
