import Foundation

/// How the help lays out its lines: 80 columns, options in a column, usage lines wrapped under
/// their first argument. The help of every command, the overview and the man page's usage use it.
public enum HelpLayout {
    public static let width = 80

    /// A usage line after `prefix`, wrapped: a continuation starts under the first argument.
    public static func usage(_ line: String, prefix: String, width: Int = HelpLayout.width) -> [String] {
        guard prefix.count + line.count > width else { return [prefix + line] }
        let words = line.split(separator: " ")
        // `inkpdf VERB` (and a subcommand of entitlement or licence) stays on the first line.
        let head = words.prefix(words.count > 2 && ["entitlement", "licence"].contains(words[1]) ? 3 : 2).joined(separator: " ")
        let indent = prefix.count + head.count + 1
        // An option and its value (`--key vendor.pem`) stay on one line: held together by a no-break space while wrapping.
        var units: [String] = []
        for word in words.dropFirst(head.split(separator: " ").count) {
            if let last = units.last, last.hasPrefix("-"), !last.contains("\u{A0}"), !"-[(|".contains(word.first!) {
                units[units.count - 1] += "\u{A0}" + word
            } else {
                units.append(String(word))
            }
        }
        let rest = wrap(units.joined(separator: " "), width: width - indent).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
        return [prefix + head + " " + (rest.first ?? "")] + rest.dropFirst().map { String(repeating: " ", count: indent) + $0 }
    }

    /// `label` at `indent`, `text` from `column` on (on the next line when the label reaches it), wrapped.
    public static func entry(_ label: String, _ text: String, indent: Int, column: Int) -> [String] {
        let head = String(repeating: " ", count: indent) + label
        let body = wrap(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        guard head.count < column else { return [head] + body.map { pad + $0 } }
        return [head + String(repeating: " ", count: column - head.count) + (body.first ?? "")] + body.dropFirst().map { pad + $0 }
    }

    /// `text` in lines of at most `width` characters, broken between words (a longer word has a line of its own).
    public static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
