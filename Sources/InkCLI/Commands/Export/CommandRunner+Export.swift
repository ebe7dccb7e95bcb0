import InkBatch
import InkPipeline

/// Running `inkpdf export` and `inkpdf extract`.
extension CommandRunner {
    static let exportUsage = """
          inkpdf export IN.pdf --ink LAYERS -o OUT.pdf [--embed-ink] [--pages 2-5,9] [--only-annotated] [--timeout S] [--stall-timeout S] [--memory-limit MB]
                        [--password P] [--ignore-mismatch] [--no-sidecar] [--ink-only] [--quiet]
                        [--proof FILE]… [--trust FILE] [--policy FILE] [--state FILE]
          inkpdf extract OUT.pdf -o LAYERS.ink.jsonl.gz [--password P] [--quiet]
        """

    static let exportHelp = """
        export   lays the ink over the original pages of IN.pdf and writes OUT.pdf, keeping
                 the whole document: links, outline, forms, annotations, metadata, labels,
                 attachments and structure; pages without ink are left as they were. Writes
                 OUT.ink.jsonl.gz beside it, as flatten does.
                 --embed-ink        attach the layers to OUT.pdf, for 'inkpdf extract'
                 --pages, --only-annotated, --password, --ignore-mismatch, --no-sidecar, --quiet
                                    as for flatten (outline entries and links to pages
                                    left out are removed)
                 --ink-only         write only the ink, one page per page (for other tools)
                 Exporting needs Pro unless the policy makes it free: see entitlement below.
        extract  writes the ink layers attached by 'export --embed-ink' to LAYERS, byte for byte.
        """

    func export(_ arguments: ExportArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        if let refused = exportGate(arguments.gate, command: "export", errors: &errors) { return refused }
        var options = arguments.options(environment: environment)
        options.progress = pageProgress
        do {
            let report = try Exporter.export(pdf: arguments.pdf, ink: arguments.ink, output: arguments.output, options: options)
            for warning in report.warnings { print("inkpdf: warning: \(warning)", to: &errors) }
            if !arguments.quiet {
                print("wrote \(report.output) (\(Self.summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount))"
                      + (report.embeddedInk ? ", ink layers attached)" : ")"), to: &output)
                if let sidecar = report.sidecar { print("wrote \(sidecar)", to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }

}
