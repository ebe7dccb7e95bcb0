import InkCommandLine
import Foundation
import InkModel
import InkPipeline
import InkRecognition
import InkWorkers

/// `inkpdf recognize INK|DOC|ANNOTATED.pdf [--pdf PDF] -o OUT.ink.jsonl [--lang en+ja] [--redo]`.
public struct RecognizeArguments: Equatable, Sendable {
    /// What `convert` would read, and the same options for reading it.
    public var convert: ConvertArguments
    /// `--lang`: BCP 47 tags joined by `+` (default `en`).
    public var languages: String = "en"
    /// `--redo`: replace the `text` entries layers already have.
    public var redo = false
    /// `--policy`, `--trust`, `--proof`, `--state`: recognition is handwriting search (Pro).
    public var gate = GateOptions()
    /// `--timeout`, `--stall-timeout`, `--memory-limit`: the worker's bounds; nil where none was given
    /// (a worker the service started then takes the service's, from `INKPDF_LIMITS`).
    public var limits: WorkerLimits?
}

extension CommandRunner {
    /// What unlocks recognition, for the one-line refusal.
    static let recognizeUnlockHint = "to recognise handwriting, give a Pro licence or App Store proof with --proof FILE and the trust file with --trust FILE "
        + "(or INKPDF_PROOFS and INKPDF_TRUST), or use a policy with \"handwritingSearch\":\"free\" (--policy FILE or INKPDF_POLICY)"
}

extension RecognizeArguments: CommandArguments {
    static var declaration: CommandHelp { .recognize }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.recognize(self, output: &output, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> RecognizeArguments {
        // One pass, as flatten's: an option's value is never read as an option (a form field
        // `annotations=--policy` is the value '--policy', refused as one, not the gate's option).
        var scanner = ArgumentScanner(command: "recognize", arguments: arguments)
        var languages = "en", redo = false, gate = GateOptions(), limits: WorkerLimits?
        let convert = try ConvertArguments.parse(&scanner) { (option, scanner) throws(UsageError) -> Bool in
            switch option {
            case OptionHelp.Recognize.redo: redo = true
            case OptionHelp.Recognize.lang: languages = try scanner.value(for: option)
            case _ where Command.gateOptionNames.contains(option): gate.set(option, to: try scanner.value(for: option))
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit:
                var given = limits ?? .default
                try scanner.limit(option, into: &given)
                limits = given
            default: return false
            }
            return true
        }
        do throws(RecognitionError) { _ = try RecognitionLanguage.parse(languages) } catch {
            throw UsageError(message: "recognize: \(error.description)")
        }
        return RecognizeArguments(convert: convert, languages: languages, redo: redo, gate: gate, limits: limits)
    }
}
