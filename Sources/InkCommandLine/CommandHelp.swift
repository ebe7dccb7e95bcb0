/// What `inkpdf COMMAND --help` prints, and the command's lines in `inkpdf --help`:
/// the one place a command's options are described. The man page (docs/inkpdf.1)
/// and docs/commands.md are made from it; `HelpTests` checks that they are, and
/// that the command's parser takes every option listed here.
public struct CommandHelp: Sendable, Equatable {
    /// The words after `inkpdf` that name the command: `flatten`, `licence issue`.
    public var name: String
    /// The forms of the command line after `inkpdf` (`flatten IN.pdf --ink LAYERS -o OUT.pdf`);
    /// ` [options]` is added to each when the command has options they do not name.
    public var synopsis: [String]
    /// One line for the list of commands.
    public var summary: String
    /// What the command does, a paragraph each.
    public var description: [String]
    public var options: [OptionHelp]

    public init(name: String, synopsis: [String], summary: String, description: [String], options: [OptionHelp]) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.description = description
        self.options = options
    }

    /// A verb that names this command (`case CommandHelp.flatten:` matches `flatten`).
    public static func ~= (command: CommandHelp, verb: String) -> Bool { command.name == verb }

    /// The usage lines, each starting `inkpdf`.
    public var usageLines: [String] {
        let named = Set(synopsis.flatMap { $0.split(whereSeparator: { " ()[]|".contains($0) }).map(String.init) })
        let more = options.contains { option in !option.names.contains(where: named.contains) }
        return synopsis.map { "inkpdf " + $0 + (more ? " [options]" : "") }
    }

    /// The whole help of the command, as `inkpdf COMMAND --help` prints it.
    public var text: String {
        var lines: [String] = []
        for (index, line) in usageLines.enumerated() {
            lines += HelpLayout.usage(line, prefix: index == 0 ? "usage: " : "       ")
        }
        for paragraph in description {
            lines.append("")
            lines += HelpLayout.wrap(paragraph, width: HelpLayout.width)
        }
        lines += ["", "options:"]
        for option in options + [.help] {
            lines += HelpLayout.entry(option.label, option.text, indent: 2, column: 24)
        }
        lines += ["", "Exit codes and the other commands: 'inkpdf --help'; more in 'man inkpdf'."]
        return lines.joined(separator: "\n")
    }
}
