import InkModel

/// Colours as Xournal++ reads them (`XmlParserHelper.cpp`, `util/Color.h`):
/// `#RRGGBBAA` codes, and the names older files (Xournal 0.4) use, with a
/// separate, paler table for page backgrounds.
enum XournalColor {
    /// The stroke and text names, with Xournal++'s values.
    static let named: [String: UInt32] = [
        "black": 0x000000, "blue": 0x3333CC, "red": 0xFF0000, "green": 0x008000,
        "gray": 0x808080, "lightblue": 0x00C0FF, "lightgreen": 0x00FF00, "magenta": 0xFF00FF,
        "orange": 0xFF8000, "yellow": 0xFFFF00, "white": 0xFFFFFF,
    ]

    /// Background names, tried before `named` for a page background.
    static let backgroundNamed: [String: UInt32] = [
        "blue": 0xA0E8FF, "pink": 0xFFC0D4, "green": 0x80FFC0, "orange": 0xFFC080, "yellow": 0xFFFF80,
    ]

    /// The colour for `text`, or nil when Xournal++ would not know it either.
    /// `#RRGGBBAA` keeps its alpha; `#RRGGBB` and names are opaque.
    static func parse(_ text: String, background: Bool = false) -> RGBAColor? {
        if background, let rgb = backgroundNamed[text] { return color(rgb: rgb, alpha: 255) }
        if let rgb = named[text] { return color(rgb: rgb, alpha: 255) }
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "#"), digits.count == 8 || digits.count == 6,
              let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        return digits.count == 8 ? color(rgb: value >> 8, alpha: value & 0xFF) : color(rgb: value, alpha: 255)
    }

    static func color(rgb: UInt32, alpha: UInt32) -> RGBAColor {
        RGBAColor(red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: Double(alpha) / 255)
    }

    /// `color` with another alpha.
    static func with(_ color: RGBAColor, alpha: Double) -> RGBAColor {
        var out = color
        out.alpha = alpha
        return out
    }
}
