import InkCommandLine
import InkPipeline
import InkServe

/// docs/commands.md: every command's usage, description and options in Markdown, made from the
/// same `CommandHelp` as `--help` and the man page, so that the reference cannot describe other
/// options than the commands take. `HelpTests` checks that the file is what this makes;
/// `inkpdf __commands-reference > docs/commands.md` writes it again.
public enum CommandsReference {
    /// The hidden verb that prints the reference.
    public static let verb = "__commands-reference"

    public static var markdown: String {
        var lines = [
            "# inkpdf commands",
            "",
            "Every command, its usage and every option it takes, as `inkpdf COMMAND --help` prints them.",
            "Made by `inkpdf \(verb) > docs/commands.md` from the commands' declarations",
            "(`Sources/InkCommandLine`), as the manual page and the service's forms are; a test checks that it is up to date.",
            "",
        ]
        lines += HelpText.commands.map { "- [\($0.name)](#\(anchor($0.name)))" }
        for command in HelpText.commands {
            lines += ["", "## \(command.name)", "", "```"] + command.usageLines + ["```", ""]
            for paragraph in command.description { lines += [paragraph, ""] }
            lines += ["| option | meaning |", "|---|---|"]
            for option in command.options + [.help] {
                let names = (option.names.filter { !$0.hasPrefix("--") } + option.names.filter { $0.hasPrefix("--") })
                    .map { "`" + $0 + (option.value.map { " " + $0 } ?? "") + "`" }
                lines.append("| \(names.joined(separator: ", ")) | \(cell(option.text)) |")
            }
            if let served = command.served {
                let parts = { (names: [String]) in names.map { "`\($0)`" }.joined(separator: ", ") }
                let flags = command.options.contains { $0.served && $0.value == nil } ? " (flags: `1` or `0`)" : ""
                lines += ["", "Over HTTP (`inkpdf serve`): `POST \(served.path)`, multipart/form-data with the file parts \(parts(served.files))"
                              + " and the text parts \(parts(served.fields))\(flags)."]
            }
        }
        lines += ["", "## Exit codes", "", "| code | meaning |", "|---|---|"]
        lines += ExitCode.allCases.map { "| \($0.rawValue) | \(cell($0.meaning)) |" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// GitHub's anchor of a heading: lower case, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        heading.lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// `text` in one table cell: no line breaks, pipes escaped.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
