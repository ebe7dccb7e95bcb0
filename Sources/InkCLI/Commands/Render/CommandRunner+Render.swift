import InkBatch
import InkPipeline

/// `inkpdf render`: previews of pages with their ink, as PNG. Viewing is free:
/// no entitlement gate.
extension CommandRunner {
    static let renderUsage = """
          inkpdf render IN.pdf --ink LAYERS -o DIR [--pages 2-5,9] [--dpi N | --scale S] [--timeout S] [--stall-timeout S] [--memory-limit MB]
                        [--password P] [--ignore-mismatch] [--quiet]
        """

    static let renderHelp = """
        render   writes DIR/IN-P.png for each page P: the page as a viewer shows it with
                 its ink on top, drawn as flatten draws it, one page at a time.
                 --dpi N    resolution (default 144); --scale S is pixels per point (dpi/72)
                 --pages 2-5,9      only these pages
        """

    func render(_ arguments: RenderArguments, output: inout some TextOutputStream,
                errors: inout some TextOutputStream) -> Int32 {
        var options = arguments.options(environment: environment)
        options.progress = pageProgress
        do {
            let report = try PageRenderer.render(pdf: arguments.pdf, ink: arguments.ink,
                                                 outputDirectory: arguments.outputDirectory, options: options)
            for warning in report.warnings { print("inkpdf: warning: \(warning)", to: &errors) }
            if !arguments.quiet {
                for image in report.images { print("wrote \(image)", to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }
}
