import Foundation
@testable import InkCLI
import InkCommandLine
import Testing

/// `inkpdf COMMAND --help`, `-h` and `inkpdf help`: every command's help comes from its
/// `CommandHelp`, and the parser, the man page and docs/commands.md follow that one list.
@Suite struct HelpTests {
    static let names = HelpText.commands.map(\.name)

    static func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: [:]).run(arguments, output: &out, errors: &err)
        return (code, out, err)
    }

    /// The package's root, for the man page and the README.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(of file: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    }

    @Test(arguments: names)
    func everyCommandPrintsItsHelpOnStandardOutput(name: String) throws {
        let help = try #require(HelpText.commands.first { $0.name == name })
        let words = name.split(separator: " ").map(String.init)
        for flag in ["--help", "-h"] {
            for arguments in [words + [flag], words + ["some.pdf", flag, "-o", "x"]] {
                let result = Self.run(arguments)
                #expect(result.code == 0, "\(arguments)")
                #expect(result.out == help.text + "\n", "\(arguments)")
                #expect(result.err.isEmpty, "\(arguments)")
            }
        }
        #expect(Self.run(["help"] + words).out == help.text + "\n")
        #expect(help.text.contains("usage: inkpdf \(name) "))
        #expect(help.text.contains("-h, --help"))
    }

    @Test func theOverviewComesFromHelpAndBothFlags() {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = Self.run(arguments)
            #expect(result.code == 0)
            #expect(result.out == HelpText.overview + "\n")
        }
        for command in HelpText.commands {
            for line in command.usageLines { #expect(HelpText.overview.contains("  " + line.prefix(40)), "\(line)") }
            #expect(HelpText.overview.contains(command.summary.prefix(30)), "\(command.name)")
        }
        for code in ExitCode.allCases { #expect(HelpText.overview.contains("\(code.rawValue) \(code.meaning.prefix(20))"), "\(code)") }
    }

    @Test func aGroupPrintsTheHelpOfEachOfItsCommands() {
        let licence = Self.run(["licence", "--help"])
        #expect(licence.code == 0)
        #expect(licence.out == [CommandHelp.licenceIssue, .licenceVerify, .licenceKeygen]
            .map(\.text).joined(separator: "\n\n") + "\n")
        #expect(Self.run(["license", "-h"]).out == licence.out)
        #expect(Self.run(["help", "licence"]).out == licence.out)
        #expect(Self.run(["entitlement", "--help"]).out == CommandHelp.entitlementCheck.text + "\n")
    }

    @Test func helpAsAnOptionsValueIsAValue() throws {
        let command = try Command.parse(["flatten", "a.pdf", "--ink", "i", "-o", "o.pdf", "--password", "--help"])
        guard case .flatten(let arguments) = command else { Issue.record("\(command)"); return }
        #expect(arguments.password == "--help")
        // After `--`, it is a file name.
        #expect(throws: UsageError.self) { try Command.parse(["inspect", "--", "--help", "b"]) }
    }

    @Test func helpForWhatIsNoCommandIsAUsageError() {
        let result = Self.run(["help", "frobnicate"])
        #expect(result.code == ExitCode.usage.rawValue)
        #expect(result.err == "inkpdf: help: no command 'frobnicate'; see 'inkpdf --help'\n")
    }

    @Test func aUsageErrorNamesItsCommandsHelp() {
        #expect(Self.run(["render", "a.pdf"]).err.hasSuffix("; see 'inkpdf render --help'\n"))
        #expect(Self.run(["__worker", "flatten", "a.pdf"]).err.hasSuffix("; see 'inkpdf flatten --help'\n"))
        #expect(Self.run(["frobnicate"]).err.hasSuffix("; see 'inkpdf --help'\n"))
    }

    /// Every option a help lists is one its parser takes (the parser may still refuse the value
    /// or the rest of the line, but never the option).
    @Test(arguments: names)
    func theParserTakesEveryOptionTheHelpLists(name: String) throws {
        let help = try #require(HelpText.commands.first { $0.name == name })
        let words = name.split(separator: " ").map(String.init)
        for option in help.options {
            for spelling in option.names {
                let arguments = words + [spelling] + (option.value == nil ? [] : ["1"])
                do {
                    _ = try Command.parse(arguments)
                } catch {
                    #expect(!error.message.contains("unknown option"), "\(arguments): \(error.message)")
                }
            }
        }
    }

    @Test func helpLinesFitEightyColumns() {
        for text in [HelpText.overview] + HelpText.commands.map(\.text) {
            for line in text.split(separator: "\n") { #expect(line.count <= HelpLayout.width, "\(line)") }
        }
    }

    /// Issue 53: the manual page's description names every input format, and that inkpdf reads handwriting and searches it.
    @Test func theManPageDescriptionNamesEveryFormatAndRecognition() {
        let description = ManPage.description.joined(separator: " ")
        for named in [".ink.jsonl", "Xournal++", ".xopp", "reMarkable", ".rmdoc", ".rm", "InkML", "rnote", "annotations",
                      "recognize", "search", "convert", "extract", "batch", "render", "export", "flatten"] {
            #expect(description.contains(named), "the manual's description does not name \(named)")
        }
    }

    @Test func theManPageIsWhatTheHelpMakes() throws {
        let page = try Self.text(of: "docs/inkpdf.1")
        #expect(page == ManPage.roff, "docs/inkpdf.1 is out of date: swift run inkpdf __man-page > docs/inkpdf.1")
        var out = "", err = ""
        #expect(CommandRunner(environment: [:]).run([ManPage.verb], output: &out, errors: &err) == 0)
        #expect(out == ManPage.roff)
    }

    /// The man page has a section for every command naming each of its options, and every exit code.
    @Test(arguments: names)
    func theManPageDescribesEveryOption(name: String) throws {
        let page = try Self.text(of: "docs/inkpdf.1")
        let help = try #require(HelpText.commands.first { $0.name == name })
        let heading = ".SS \"\(name)\"\n"
        let start = try #require(page.range(of: heading), "no section \(heading)")
        let rest = page[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n.S")?.lowerBound ?? rest.endIndex)]
        for option in help.options {
            #expect(section.contains("\\fB" + option.names[0].replacingOccurrences(of: "-", with: "\\-") + "\\fR"),
                    "docs/inkpdf.1: \(name) does not describe \(option.names[0])")
        }
    }

    @Test func theManPageAndTheReadmeListEveryExitCode() throws {
        let page = try Self.text(of: "docs/inkpdf.1"), readme = try Self.text(of: "README.md")
        let codes = try #require(page.range(of: ".SH \"EXIT STATUS\"").map { page[$0.upperBound...] })
        let table = try #require(readme.range(of: "## Exit codes").map { readme[$0.upperBound...] })
        for code in ExitCode.allCases {
            #expect(codes.contains(".B \(code.rawValue)\n"), "docs/inkpdf.1 has no exit code \(code.rawValue)")
            #expect(table.contains("| \(code.rawValue) |") || table.contains("\(code.rawValue), ") || table.contains(", \(code.rawValue) |"),
                    "README.md has no exit code \(code.rawValue)")
        }
    }

    /// docs/commands.md, the option reference the README and docs/ link to, is what the help makes.
    @Test func theCommandsReferenceIsWhatTheHelpMakes() throws {
        let reference = try Self.text(of: "docs/commands.md")
        #expect(reference == CommandsReference.markdown,
                "docs/commands.md is out of date: swift run inkpdf \(CommandsReference.verb) > docs/commands.md")
        for command in HelpText.commands {
            #expect(reference.contains("\n## \(command.name)\n"))
            for option in command.options { #expect(reference.contains("`" + option.names[0]), "\(command.name): \(option.names[0])") }
        }
        var out = "", err = ""
        #expect(CommandRunner(environment: [:]).run([CommandsReference.verb], output: &out, errors: &err) == 0)
        #expect(out == CommandsReference.markdown && err.isEmpty)
    }
}

extension HelpTests {
    /// Every code fence of the README and of docs/ closes: one left open turns every section after it into code.
    @Test func everyCodeFenceInTheDocsCloses() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for file in ["README.md"] + docs {
            var open: Int?
            for (number, line) in try Self.text(of: file).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("```") else { continue }
                if open == nil { open = number + 1 } else if trimmed.allSatisfy({ $0 == "`" }) { open = nil }
            }
            #expect(open == nil, "\(file): the code fence opened at line \(open ?? 0) does not close")
        }
    }
}
