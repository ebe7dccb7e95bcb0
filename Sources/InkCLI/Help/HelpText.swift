import InkCommandLine
import InkPipeline

/// The overview that `inkpdf --help` prints, made from every command's help.
public enum HelpText {
    /// Every command's help, in the order the overview lists them.
    public static let commands: [CommandHelp] = Command.commands.map { $0.declaration }
        + [.entitlementCheck, .licenceIssue, .licenceVerify, .licenceKeygen]

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
        for command in commands { lines += command.usageLines.flatMap { HelpLayout.usage($0, prefix: "  ") } }
        lines += ["  inkpdf --help | --version", "  inkpdf COMMAND --help    (or inkpdf help COMMAND): a command's options", "", "commands:"]
        for command in commands { lines += HelpLayout.entry(command.name, command.summary, indent: 2, column: 20) }
        lines += ["", "exit codes:"]
        for code in ExitCode.allCases {
            let number = String(code.rawValue)
            lines += HelpLayout.entry(String(repeating: " ", count: 3 - number.count) + number, code.meaning, indent: 2, column: 6)
        }
        lines += ["", "More in 'man inkpdf' (installed by 'make install') and the README."]
        return lines.joined(separator: "\n")
    }
}
