/// Text that came from a document or a file's name, made safe to print for people.
///
/// A PDF's text, an ink file's words and a folder's names are anyone's: an ESC in them, printed
/// as it is, is a terminal escape sequence (a cleared screen, a changed title, a hidden line), and
/// a BEL rings. Every line the command line prints for people (hits, warnings, errors, reports)
/// passes what it took from a file through `escaped(_:)`. Machine-readable output (JSON) has its
/// own escaping.
public enum TerminalText {
    /// `text` with every C0 control character (U+0000 … U+001F, newline and tab included), DEL
    /// (U+007F) and every C1 control character (U+0080 … U+009F) written as `\xHH` (two lowercase
    /// hex digits: ESC is `\x1b`), so that one line stays one line and nothing reaches the terminal
    /// as a control. All other characters, and backslashes, are kept as they are.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result.append(contentsOf: "\\x".unicodeScalars)
                result.append(hexDigits[Int(scalar.value >> 4)])
                result.append(hexDigits[Int(scalar.value & 15)])
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// C0, DEL or C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static let hexDigits = Array("0123456789abcdef".unicodeScalars)
}
