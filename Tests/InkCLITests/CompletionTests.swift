import Foundation
import InkCLI
import InkCommandLine
import InkFixtures
import Testing

/// `inkpdf completion bash|zsh` (issue 53): made from the same declarations as the help, and working in a real bash.
@Suite(.timeLimit(.minutes(2)))
struct CompletionTests {
    static func script(_ shell: String) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = CommandRunner(environment: [:]).run(["completion", shell], output: &out, errors: &err)
        return (code, out, err)
    }

    /// What bash's completion offers for the words of a command line being typed (the last one the cursor's).
    static func offered(_ words: [String], script: String) async throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source \"$0\"; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _inkpdf; printf '%s\\n' \"${COMPREPLY[@]}\""
        // A few milliseconds of bash: not queued behind the suite's long children (`ChildProcess.slots`).
        let run = try await OutsideTool("bash").outcome(["-c", program, script], sharingTheCores: false)
        #expect(run.status == 0, "\(String(decoding: run.errors, as: UTF8.self))")
        return String(decoding: run.output, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    @Test func bashCompletesCommandsAndTheirOptions() async throws {
        let folder = TestFolder()
        let made = Self.script("bash")
        #expect(made.code == 0 && made.err.isEmpty)
        let script = folder.write(made.out, to: "inkpdf.bash")
        #expect(try await Self.offered(["inkpdf", "fla"], script: script) == ["flatten"])
        #expect(try await Self.offered(["inkpdf", "rec"], script: script) == ["recognize"])
        #expect(try await Self.offered(["inkpdf", "flatten", "--min-c"], script: script) == ["--min-confidence"])
        #expect(try await Self.offered(["inkpdf", "search", "--fu"], script: script) == ["--fuzzy"])
        #expect(try await Self.offered(["inkpdf", "licence", ""], script: script) == ["issue", "keygen", "verify"])
        // Every option the help lists for a command is offered for it.
        for command in [CommandHelp.flatten, .export, .batch] {
            let offered = Set(try await Self.offered(["inkpdf", command.name, "-"], script: script))
            #expect(Set(command.options.map(\.name)).isSubset(of: offered), "\(command.name)")
        }
        // A word that is not an option completes file names.
        try Data().write(to: URL(fileURLWithPath: folder.path("lecture.pdf")))
        #expect(try await Self.offered(["inkpdf", "flatten", folder.path("lect")], script: script) == [folder.path("lecture.pdf")])
    }

    @Test func zshRunsTheSameThroughBashcompinitAndABadShellIsRefused() {
        let zsh = Self.script("zsh").out
        #expect(zsh.contains("bashcompinit") && zsh.contains("complete -o filenames -F _inkpdf inkpdf"))
        let bad = Self.script("fish")
        #expect(bad.code == 64 && bad.err.contains("give bash or zsh"), "\(bad.err)")
    }
}
