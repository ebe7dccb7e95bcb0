import Foundation

/// Builds the attribute strings of cairo 1.16's tags (`Link`, `cairo.dest`,
/// outline entries), whose parser and PDF writer each have traps.
public enum CairoTagAttributes {
    /// A quoted attribute string: `'…'` with `\` and `'` escaped.
    public static func quoted(_ text: String) -> String {
        var out = "'"
        for character in text {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out + "'"
    }

    /// `uri='…'`. cairo writes a URI into the PDF unescaped, so bytes that
    /// would break the PDF string (parentheses, backslashes), quotes, spaces,
    /// controls and non-ASCII are percent-encoded; existing `%XX` escapes are kept.
    public static func uri(_ uri: String) -> String {
        var out = ""
        for byte in uri.utf8 {
            switch byte {
            case 0x21...0x7E where !"()\\'\"<>{}|^`".utf8.contains(byte):
                out.append(Character(UnicodeScalar(byte)))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return "uri=" + quoted(out)
    }

    /// A number as cairo's attribute parser reads it (no exponent).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.3f", value)
    }
}
