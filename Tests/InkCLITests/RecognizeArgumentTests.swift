import InkWorkers
import InkCLI
import Testing

/// `recognize` reads its options in one pass, as flatten does (issue 52): an option's value is that
/// option's, however it is spelled, so a form field's value cannot become an option of its own.
@Suite struct RecognizeArgumentTests {
    static func parse(_ arguments: [String]) throws(UsageError) -> RecognizeArguments {
        guard case .recognize(let parsed) = try Command.parse(["recognize"] + arguments) else { throw UsageError(message: "not recognize") }
        return parsed
    }

    @Test func everyOptionIsRead() throws {
        let parsed = try Self.parse(["in.xopp", "-o", "out.ink.jsonl", "--lang", "en+ja", "--redo", "--page", "3", "--ink-format", "xournal",
                                     "--policy", "p.json", "--proof", "a", "--proof", "b", "--timeout", "30", "--stall-timeout", "5"])
        #expect(parsed.convert.ink == "in.xopp" && parsed.convert.output == "out.ink.jsonl" && parsed.convert.page == 3)
        #expect(parsed.languages == "en+ja" && parsed.redo && parsed.gate.policy == "p.json" && parsed.gate.proofs == ["a", "b"])
        #expect(parsed.limits == WorkerLimits(timeout: 30, memoryMB: WorkerLimits.default.memoryMB, stallTimeout: 5))
        #expect(try Self.parse(["in.xopp", "-o", "out.ink.jsonl"]).limits == nil)
    }

    /// Read out of the whole list, `--page --redo 3` turned --redo on and read page 3, and
    /// `--annotations --policy --policy FILE` gave FILE to --annotations (and named it in the error).
    @Test(arguments: [
        (["--page", "--redo", "3"], "recognize: --page '--redo' is not a page number (1, 2, …)"),
        (["--annotations", "--policy", "--policy", "/private/policy.json"], "recognize: --annotations '--policy' is not print, screen or all"),
        (["--ink-format", "--redo", "--trust", "/private/trust.json"],
         "recognize: --ink-format '--redo' is not a format inkpdf reads; give ink-layers, xournal, remarkable, inkml, rnote or pdf"),
    ])
    func aValueThatLooksLikeAnOptionIsAValue(options: [String], message: String) {
        do {
            let parsed = try Self.parse(["in.xopp", "-o", "out.ink.jsonl"] + options)
            Issue.record("accepted: \(parsed)")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aLimitMustBePositive() {
        #expect(throws: UsageError.self) { try Self.parse(["in.xopp", "-o", "o.ink.jsonl", "--memory-limit", "0"]) }
    }
}
