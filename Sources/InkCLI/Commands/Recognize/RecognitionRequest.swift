import InkCommandLine
import Entitlements
import InkPipeline
import InkRecognition

/// `--recognize [--lang TAGS]` on flatten and export, as parsed.
struct RecognitionRequest {
    var asked = false
    var languages: String?
    /// `--min-confidence C`: the least confidence of the words written into the text layer.
    var minimumConfidence: Double?

    /// Takes `--recognize` or `--lang VALUE`; whether `option` was one of them.
    mutating func take(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case OptionHelp.recognize: asked = true
        case OptionHelp.lang: languages = try scanner.value(for: option)
        case OptionHelp.minConfidence:
            let text = try scanner.value(for: option)
            guard let value = Double(text), value.isFinite, (0...1).contains(value) else {
                throw UsageError(message: "\(scanner.command): --min-confidence '\(text)' is not a confidence from 0 to 1, like 0.5")
            }
            minimumConfidence = value
        default: return false
        }
        return true
    }

    /// The languages asked for (`en` unless told), nil without `--recognize`.
    func languages(command: String) throws(UsageError) -> String? {
        guard asked else {
            if languages != nil { throw UsageError(message: "\(command): --lang says what --recognize reads; give it with --recognize") }
            return nil
        }
        let value = languages ?? "en"
        do throws(RecognitionError) { _ = try RecognitionLanguage.parse(value) } catch { throw UsageError(message: "\(command): \(error.description)") }
        return value
    }
}


extension CommandRunner {
    /// With `--recognize`: the languages the command recognises the ink in as it draws it (layers that have
    /// no `text` entries; what an earlier run left beside the same output is not read again), or nil without
    /// `--recognize` or where handwriting search is not allowed (said in one line; the document is written
    /// without recognised text).
    func recognitionLanguages(_ languages: String?, ink: String, gate: GateOptions, command: String,
                              errors: inout some TextOutputStream) -> String? {
        guard let languages else { return nil }
        guard handwritingSearchAllowed(gate) else {
            print("inkpdf: warning: \(command): --recognize is handwriting search, a Pro feature; \(ink) is written without recognised text", to: &errors)
            return nil
        }
        return languages
    }

    /// Whether the gate allows handwriting search (nothing printed).
    func handwritingSearchAllowed(_ options: GateOptions) -> Bool { handwritingTextRefusal(options) == nil }
}
