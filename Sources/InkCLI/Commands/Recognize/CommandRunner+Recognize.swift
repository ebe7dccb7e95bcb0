import Entitlements
import InkPipeline
import InkRecognition
import InkCommandLine

extension CommandRunner {
    func recognize(_ arguments: RecognizeArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let missing = checkInputs([arguments.convert.ink, arguments.convert.pdf], command: "recognize", errors: &errors) { return missing }
        if let refused = exportGate(arguments.gate, command: "recognize", action: .handwritingSearch, asked: "recognising handwriting",
                                    errors: &errors) { return refused }
        do {
            var options = arguments.convert.options(environment: environment)
            options.recognition = try arguments.recognitionOptions(environment: environment)
            options.progress = pageProgress
            let report = try Converter.convert(ink: arguments.convert.ink, pdf: arguments.convert.pdf, output: arguments.convert.output,
                                               options: options)
            if !arguments.convert.quiet {
                print("wrote \(report.output) (\(Self.counted(report.pageCount, "page")) with ink, \(Self.counted(report.recognisedLayers, "layer")) recognised: \(report.recognisedWords) text entr\(report.recognisedWords == 1 ? "y" : "ies"))",
                      to: &output)
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }
}

extension RecognizeArguments {
    /// The recognition these arguments ask for; the models' folders from the environment (`TESSDATA_PREFIX`, `INKPDF_ZINNIA_MODELS`).
    func recognitionOptions(environment: [String: String]) throws(ExportError) -> RecognitionOptions {
        do throws(RecognitionError) {
            var options = RecognitionOptions(languages: try RecognitionLanguage.parse(languages), models: RecognitionModels(environment: environment))
            options.redo = redo
            // Measurement only (scripts/bench-recognize.sh): the preprocessing to try, `letter=40,stroke=3`.
            for setting in (environment["INKPDF_RECOGNITION_TUNING"] ?? "").split(separator: ",") {
                let pair = setting.split(separator: "=")
                guard pair.count == 2, let value = Double(pair[1]), value.isFinite, value >= 0, value < 1_000 else { continue }
                switch pair[0] {
                case "letter": options.letterPixels = [value]
                case "letter2": options.letterPixels.append(value)
                case "stroke": options.strokePixels = value
                case "zinnia-width": options.zinniaSegmentWidth = value
                case "deslant": options.deslant = value >= 1
                case "sure": options.sureEnough = value
                case "zinnia-own-box": options.zinniaOwnBox = value >= 1
                default: continue
                }
            }
            return options
        } catch {
            throw .reading(.recognition(error))
        }
    }
}
