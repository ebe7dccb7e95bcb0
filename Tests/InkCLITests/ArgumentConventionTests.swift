import InkCLI
import InkCommandLine
import InkPipeline
import Testing

/// The conventions users bring from getopt, GNU tools, git and grep (issue 53, item 7): `--option=value`,
/// combined short flags, `--` ending the options, "did you mean …" for a slip, and `search` with no path.
@Suite struct ArgumentConventionTests {
    static func message(_ arguments: [String]) -> String? {
        do {
            _ = try Command.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func anOptionsValueMayFollowAnEqualsSign() throws {
        let spaced = try Command.parse(["flatten", "in.pdf", "--ink", "in.ink.jsonl", "--output", "x.pdf", "--pages", "2-3", "--password", "a=b"])
        let joined = try Command.parse(["flatten", "in.pdf", "--ink=in.ink.jsonl", "--output=x.pdf", "--pages=2-3", "--password=a=b"])
        #expect(joined == spaced)
        // Every command's value options, spelled `--name=value`, are taken as `--name value` is.
        for help in HelpText.commands {
            let words = help.name.split(separator: " ").map(String.init)
            for option in help.options where option.value != nil {
                let spelledApart = Self.message(words + [option.name, "1"])
                let spelledJoined = Self.message(words + [option.name + "=1"])
                #expect(spelledJoined == spelledApart, "\(help.name) \(option.name)=1")
            }
        }
        #expect(try Command.parse(["recognize", "notes.xopp", "--lang=de", "--output=x.ink.jsonl", "--proof=p.jws"])
            == Command.parse(["recognize", "notes.xopp", "--lang", "de", "-o", "x.ink.jsonl", "--proof", "p.jws"]))
    }

    @Test func aFlagTakesNoValue() {
        #expect(Self.message(["flatten", "in.pdf", "--ink", "i", "-o", "o.pdf", "--quiet=yes"])
            == "flatten: --quiet takes no value (got '--quiet=yes')")
    }

    @Test func shortFlagsCombine() throws {
        let apart = try Command.parse(["flatten", "in.pdf", "-i", "in.ink.jsonl", "-q", "-o", "out.pdf"])
        #expect(try Command.parse(["flatten", "in.pdf", "-i", "in.ink.jsonl", "-qo", "out.pdf"]) == apart)
        #expect(try Command.parse(["flatten", "in.pdf", "-i", "in.ink.jsonl", "-qoout.pdf"]) == apart)
        #expect(try Command.parse(["flatten", "in.pdf", "-iin.ink.jsonl", "-q", "-o", "out.pdf"]) == apart)
        #expect(Self.message(["flatten", "in.pdf", "-i", "in.ink.jsonl", "-qx", "-o", "out.pdf"])?.hasPrefix("flatten: unknown option '-x'") == true)
        // `-qh` asks for help, as `-q -h` does.
        #expect(try Command.parse(["flatten", "-qh"]) == .help(topic: "flatten"))
        // A long name with one dash is a slip, not `-i nk`.
        #expect(Self.message(["flatten", "in.pdf", "-ink", "i", "-o", "out.pdf"]) == "flatten: unknown option '-ink'; did you mean --ink?")
    }

    @Test func twoDashesEndTheOptions() throws {
        #expect(try Command.parse(["inspect", "--", "-odd.ink.jsonl"]) == .inspect(InspectArguments(path: "-odd.ink.jsonl")))
        let recognize = try Command.parse(["recognize", "-o", "x.ink.jsonl", "--", "--redo"])
        guard case .recognize(let arguments) = recognize else { Issue.record("\(recognize)"); return }
        #expect(arguments.convert.ink == "--redo" && !arguments.redo)
    }

    @Test(arguments: [
        (["flatten", "in.pdf", "--ink", "i", "--ouptut", "o.pdf"], "flatten: unknown option '--ouptut'; did you mean --output?"),
        (["export", "in.pdf", "--ink", "i", "-o", "o.pdf", "--pags", "2-3"], "export: unknown option '--pags'; did you mean --pages?"),
        (["batch", "in", "-o", "out", "--job", "2"], "batch: unknown option '--job'; did you mean --jobs?"),
        (["search", "word", ".", "--print-onyl"], "search: unknown option '--print-onyl'; did you mean --print-only?"),
        (["recognize", "a.xopp", "-o", "a.ink.jsonl", "--lnag", "de"], "recognize: unknown option '--lnag'; did you mean --lang?"),
        (["flatten", "in.pdf", "--ink", "i", "-o", "o.pdf", "--colour", "red"], "flatten: unknown option '--colour'"),
        (["flaten", "in.pdf"], "unknown command 'flaten'; did you mean 'flatten'?"),
        (["serach", "word"], "unknown command 'serach'; did you mean 'search'?"),
        (["licence", "isue"], "licence: unknown subcommand 'isue'; did you mean 'licence issue'?"),
        (["frobnicate"], "unknown command 'frobnicate'"),
    ] as [([String], String?)])
    func aSlipGetsTheNearestName(arguments: [String], message: String?) {
        #expect(Self.message(arguments) == message)
    }

    @Test func searchWithNoPathSearchesTheCurrentFolder() throws {
        #expect(try Command.parse(["search", "Fourier"]) == .search(SearchArguments(query: "Fourier", paths: [])))
        #expect(try Command.parse(["search", "Fourier", "--pages"]) == .search(SearchArguments(query: "Fourier", paths: [], format: .pages)))
        #expect(CommandHelp.search.usageLines[0].contains("QUERY [FILE|FOLDER...]"))
    }

    @Test func licenceHelpListsEverySubcommand() {
        for arguments in [["licence", "--help"], ["licence", "help"], ["help", "licence"]] {
            var out = "", err = ""
            #expect(CommandRunner(environment: [:]).run(arguments, output: &out, errors: &err) == 0, "\(arguments)")
            for subcommand in ["issue", "verify", "keygen"] { #expect(out.contains("usage: inkpdf licence \(subcommand) "), "\(arguments)") }
        }
    }

    @Test func batchSaysItsJSONIsAFile() {
        #expect(OptionHelp.Batch.json.text.contains("unlike the other commands' --json"))
    }
}
