import InkPipeline
import InkCommandLine

/// `inkpdf render`: previews of pages with their ink, as PNG. Viewing is free:
/// no entitlement gate.
extension CommandRunner {
    func render(_ arguments: RenderArguments, output: inout some TextOutputStream,
                errors: inout some TextOutputStream) -> Int32 {
        var options = arguments.options(environment: environment)
        options.progress = pageProgress
        do {
            let report = try PageRenderer.render(pdf: arguments.pdf, ink: arguments.ink,
                                                 outputDirectory: arguments.outputDirectory, options: options)
            for warning in report.warnings { print("inkpdf: warning: \(TerminalText.escaped(warning))", to: &errors) }
            if reportsAsJSON {
                printJSONReport(["images": report.images, "pageCount": report.images.count, "strokeCount": report.strokeCount, "warnings": report.warnings,
                                 "summary": report.summary], to: &output)
            } else if !arguments.quiet {
                for image in report.images { print("wrote " + TerminalText.escaped(image), to: &output) }
                printInformation(report.summary, to: &output)
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }
}
