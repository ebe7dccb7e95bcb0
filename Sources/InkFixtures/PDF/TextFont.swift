/// A toy-API font choice.
public struct TextFont: Sendable, Equatable {
    public var family: String
    public var size: Double
    public var bold = false
    public var italic = false

    public static let body = TextFont(family: "DejaVu Serif", size: 11)
    public static func sans(_ size: Double, bold: Bool = false, italic: Bool = false) -> TextFont {
        TextFont(family: "DejaVu Sans", size: size, bold: bold, italic: italic)
    }
    public static func serif(_ size: Double, bold: Bool = false, italic: Bool = false) -> TextFont {
        TextFont(family: "DejaVu Serif", size: size, bold: bold, italic: italic)
    }
    public static func mono(_ size: Double) -> TextFont { TextFont(family: "DejaVu Sans Mono", size: size) }
}
