import InkPipeline
import InkCommandLine

/// Running `inkpdf export` and `inkpdf extract`.
extension CommandRunner {
    func export(_ arguments: ExportArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let missing = checkInputs([arguments.pdf, arguments.ink], command: "export", errors: &errors) { return missing }
        if let refused = exportGate(arguments.gate, command: "export", asked: "exporting", errors: &errors) { return refused }
        var options = arguments.options(environment: environment)
        options.drawing = drawing(options.drawing, for: arguments.document, command: "export", errors: &errors)
        do {
            let report = try Exporter.export(pdf: arguments.pdf, ink: arguments.ink, output: arguments.output, options: options)
            for warning in report.warnings { print("inkpdf: warning: \(TerminalText.escaped(warning))", to: &errors) }
            if reportsAsJSON {
                var object: [String: Any] = ["output": report.output, "pageCount": report.pageCount, "warnings": report.warnings,
                                             "inkedPageCount": report.inkedPageCount, "strokeCount": report.strokeCount]
                if let sidecar = report.sidecar { object["sidecar"] = sidecar }
                if let words = report.recognisedText { object["recognisedText"] = words }
                if !report.summary.isEmpty { object["summary"] = report.summary }
                printJSONReport(object, to: &output)
            } else if !arguments.quiet {
                printWritten(report.output, Self.summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount)
                                 + (report.embeddedInk ? ", ink layers attached" : ""),
                             sidecar: report.sidecar, words: report.recognisedText, to: &output)
                printInformation(report.summary, to: &output)
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }

}
