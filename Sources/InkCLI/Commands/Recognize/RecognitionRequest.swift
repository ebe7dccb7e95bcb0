import Foundation
import Entitlements
import InkImport
import InkModel
import InkPipeline
import InkRecognition

/// `--recognize [--lang TAGS]` on flatten and export, as parsed.
struct RecognitionRequest {
    var asked = false
    var languages: String?

    /// Takes `--recognize` or `--lang VALUE`; whether `option` was one of them.
    mutating func take(_ option: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch option {
        case "--recognize": asked = true
        case "--lang": languages = try scanner.value(for: option)
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

extension OptionHelp {
    static let recognize = OptionHelp(["--recognize"],
        "recognise the handwriting of layers that have no text entries first (Pro: handwriting search): ink-layers ink before drawing (its sidecar keeps the text, so the next run does not recognise again), another tool's document and a PDF's own annotations as they are read (annotations whose /Contents give their words keep them)")
    static let lang = OptionHelp(["--lang"], value: "TAGS", "with --recognize: the languages, BCP 47 tags joined by + (default en)")
}

/// The ink-layers file `--recognize` made: the ink with `text` entries, drawn in its place.
struct RecognisedInk {
    var path: String
    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

extension CommandRunner {
    /// With `--recognize`: the ink with every layer recognised that has no `text` entries, as a temporary
    /// ink-layers file, or nil where there is nothing to do (no `--recognize`, every layer has text: the
    /// sidecar of an earlier run is its cache) or handwriting search is not allowed (said in one line; the
    /// document is written without recognised text).
    /// Another tool's document, and a PDF's own annotations, are recognised as they are read, where they are
    /// drawn: `importing` is then set to the languages (and nil is returned).
    func recognisedInk(_ languages: String?, ink: String, pdf: String?, inkFormat: InkFormat?, gate: GateOptions, command: String,
                       importing: inout String?, errors: inout some TextOutputStream) throws(ExportError) -> RecognisedInk? {
        guard let languages else { return nil }
        let format = inkFormat ?? InkImporter.detectFormat(path: ink)
        guard handwritingSearchAllowed(gate) else {
            print("inkpdf: warning: \(command): --recognize is handwriting search, a Pro feature; \(ink) is written without recognised text", to: &errors)
            return nil
        }
        if let format, format != .inkLayers {
            importing = languages
            return nil
        }
        if try Self.everyLayerHasText(ink) { return nil }
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("inkpdf-recognised-\(getpid())-\(UUID().uuidString).ink.jsonl")
        var options = ConvertOptions(compressionLevel: nil)
        do throws(RecognitionError) {
            options.recognition = RecognitionOptions(languages: try RecognitionLanguage.parse(languages), models: RecognitionModels(environment: environment))
        } catch {
            throw .recognition(error)
        }
        do {
            _ = try Converter.convert(ink: ink, pdf: pdf, output: path, options: options)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return RecognisedInk(path: path)
    }

    private static func everyLayerHasText(_ ink: String) throws(ExportError) -> Bool {
        do {
            let reader = try InkLayersReader(path: ink)
            while let layer = try reader.nextLayer() {
                if !layer.strokes.isEmpty && !layer.hasRecognisedText { return false }
            }
            return true
        } catch let error as InkLayersError {
            throw .invalidInk(error)
        } catch {
            throw .inputUnreadable(path: ink, reason: "\(error)")
        }
    }

    /// Whether the gate allows handwriting search (nothing printed).
    func handwritingSearchAllowed(_ options: GateOptions) -> Bool { handwritingTextRefusal(options) == nil }
}
