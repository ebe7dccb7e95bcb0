import InkPipeline

/// The overview that `inkpdf --help` prints, made from every command's help,
/// and the line wrapping both use.
public enum HelpText {
    public static let width = 80

    /// Every command's help, in the order the overview lists them.
    public static let commands: [CommandHelp] = [
        FlattenArguments.help, ExportArguments.help, ExtractArguments.help, RenderArguments.help, BatchArguments.help,
        ConvertArguments.help, RecognizeArguments.help, SearchArguments.help, ServeArguments.help, MergeArguments.help, InspectArguments.help,
        DowngradeArguments.help, CheckArguments.help,
        EntitlementCheckArguments.help, LicenceIssueArguments.help, LicenceVerifyArguments.help, VendorKeyArguments.help,
    ]

    /// The helps that `inkpdf TOPIC --help` (or `inkpdf help TOPIC`) prints: one command's,
    /// or a group's (`licence`: issue, verify and keygen); nil for a topic there is none of.
    public static func pages(for topic: String) -> [CommandHelp]? {
        let words = topic.split(separator: " ").map { $0 == "license" ? "licence" : String($0) }
        let name = words.joined(separator: " ")
        let found = commands.filter { $0.name == name || $0.name.hasPrefix(name + " ") }
        return found.isEmpty ? nil : found
    }

    /// What `inkpdf TOPIC --help` prints.
    public static func text(for topic: String?) -> String {
        guard let topic, let pages = pages(for: topic) else { return overview }
        return pages.map(\.text).joined(separator: "\n\n")
    }

    /// What `inkpdf --help` prints: the usage of every command, what each does, and the exit codes.
    public static var overview: String {
        var lines = ["inkpdf \(InkPDFVersion.current): puts handwriting onto PDFs", "", "usage:"]
        for command in commands { lines += command.usageLines.flatMap { usage($0, prefix: "  ") } }
        lines += ["  inkpdf --help | --version", "  inkpdf COMMAND --help    (or inkpdf help COMMAND): a command's options", "", "commands:"]
        for command in commands { lines += entry(command.name, command.summary, indent: 2, column: 20) }
        lines += ["", "exit codes:"]
        for code in ExitCode.allCases {
            let number = String(code.rawValue)
            lines += entry(String(repeating: " ", count: 3 - number.count) + number, code.meaning, indent: 2, column: 6)
        }
        lines += ["", "More in 'man inkpdf' (installed by 'make install') and the README."]
        return lines.joined(separator: "\n")
    }

    /// A usage line after `prefix`, wrapped: a continuation starts under the first argument.
    static func usage(_ line: String, prefix: String, width: Int = HelpText.width) -> [String] {
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
    static func entry(_ label: String, _ text: String, indent: Int, column: Int) -> [String] {
        let head = String(repeating: " ", count: indent) + label
        let body = wrap(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        guard head.count < column else { return [head] + body.map { pad + $0 } }
        return [head + String(repeating: " ", count: column - head.count) + (body.first ?? "")] + body.dropFirst().map { pad + $0 }
    }

    /// `text` in lines of at most `width` characters, broken between words (a longer word has a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
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
