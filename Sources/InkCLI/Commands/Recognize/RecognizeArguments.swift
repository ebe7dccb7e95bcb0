import InkCommandLine
import Foundation
import InkModel
import InkPipeline
import InkRecognition

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
        // The reading options are convert's; --lang, --redo and the gate's are taken out first.
        var rest: [String] = [], languages = "en", redo = false, gate = GateOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if OptionHelp.Recognize.redo ~= argument {
                redo = true
            } else if OptionHelp.Recognize.lang ~= argument || Command.gateOptionNames.contains(argument) {
                guard index + 1 < arguments.count else { throw UsageError(message: "recognize: \(argument) needs a value") }
                if OptionHelp.Recognize.lang ~= argument { languages = arguments[index + 1] } else { gate.set(argument, to: arguments[index + 1]) }
                index += 1
            } else if argument == "--" {
                rest += arguments[index...]
                break
            } else {
                rest.append(argument)
            }
            index += 1
        }
        do throws(RecognitionError) { _ = try RecognitionLanguage.parse(languages) } catch { throw UsageError(message: error.description) }
        let convert: ConvertArguments
        do {
            convert = try ConvertArguments.parse(rest)
        } catch {
            var located = error
            located.message = located.message.replacingOccurrences(of: "convert", with: "recognize")
            if located.topic == "convert" { located.topic = "recognize" }
            throw located
        }
        return RecognizeArguments(convert: convert, languages: languages, redo: redo, gate: gate)
    }
}
