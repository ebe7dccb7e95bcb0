import InkPipeline
import InkCommandLine

extension CommandRunner {
    func flatten(_ arguments: FlattenArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let missing = checkInputs([arguments.pdf, arguments.ink], command: "flatten", errors: &errors) { return missing }
        if let refused = exportGate(arguments.gate, command: "flatten", asked: "flattening", errors: &errors) { return refused }
        var options = arguments.options(environment: environment)
        options.drawing = drawing(options.drawing, for: arguments.document, command: "flatten", errors: &errors)
        do {
            let report = try flattenDocument(arguments.pdf, ink: arguments.ink, output: arguments.output, options: options,
                                             limits: arguments.limits, gate: arguments.gate, quiet: arguments.quiet, errors: &errors)
            for warning in report.warnings { print("inkpdf: warning: \(TerminalText.escaped(warning))", to: &errors) }
            if !arguments.quiet {
                printWritten(report.output, Self.summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount),
                             sidecar: report.sidecar, words: report.recognisedText, to: &output)
                printInformation(report.summary, to: &output)
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// `wrote OUT (SUMMARY)`, then the sidecar and the recognised words written beside it: what flatten and export print.
    func printWritten(_ file: String, _ summary: String, sidecar: String?, words: String?, to output: inout some TextOutputStream) {
        print(TerminalText.escaped("wrote \(file) (\(summary))"), to: &output)
        if let sidecar { print("wrote " + TerminalText.escaped(sidecar), to: &output) }
        if let words { print("wrote " + TerminalText.escaped(words), to: &output) }
    }

    /// Lines of information under the "wrote" lines (what each page's annotations became), indented as
    /// convert's notes are: not warnings, and left out with `--quiet`.
    func printInformation(_ lines: [String], to output: inout some TextOutputStream) {
        for line in lines { print("  " + TerminalText.escaped(line), to: &output) }
    }

    /// What flatten and export both add to the drawing their arguments ask for: whether the handwriting's
    /// text may be written (Pro: handwriting search; else the one line saying why not), the progress
    /// reports, and with `--recognize` the languages to recognise in.
    func drawing(_ drawing: InkDrawingOptions, for arguments: DocumentArguments, command: String,
                 errors: inout some TextOutputStream) -> InkDrawingOptions {
        var drawing = drawing
        drawing.handwritingTextNote = handwritingTextRefusal(arguments.gate)
        drawing.handwritingText = drawing.handwritingTextNote == nil
        drawing.progress = pageProgress
        drawing.recognitionLanguages = recognitionLanguages(arguments.recognize, ink: arguments.ink, gate: arguments.gate, command: command,
                                                            errors: &errors)
        return drawing
    }
}
