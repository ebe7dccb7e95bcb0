import InkPipeline

extension CommandRunner {
    static let convertUsage = """
          inkpdf convert INK -o OUT.ink.jsonl[.gz] [--pdf FILE] [--page N] [--ink-format NAME] [--password P] [--quiet]
        """

    static let convertHelp = """
        convert  writes the ink of another tool's file (Xournal++ .xopp/.xoj, reMarkable .rm,
                 .rmdoc or UUID.content) as an ink-layers file: every stroke with every value;
                 what ink-layers has no field for is kept under an extension key, and what it
                 cannot hold (text, images, inserted pages) is listed. OUT ending in .gz is gzip.
                 --pdf FILE         the PDF the ink lies on (instead of the one the file names)
                 --page N           for a single .rm page: the PDF page it lies on
                 --ink-format NAME  ink-layers, xournal or remarkable, when not told by content
        """

    func convert(_ arguments: ConvertArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        do {
            let report = try Converter.convert(ink: arguments.ink, pdf: arguments.pdf, output: arguments.output,
                                               options: arguments.options(environment: environment))
            if !arguments.quiet {
                print("wrote \(report.output) (\(Self.counted(report.pageCount, "page")) with ink, \(Self.counted(report.strokeCount, "stroke")), from \(report.format.rawValue))",
                      to: &output)
                for note in report.notes { print("  \(note)", to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: \(error)", to: &errors)
            return error.exitCode.rawValue
        }
    }
}
