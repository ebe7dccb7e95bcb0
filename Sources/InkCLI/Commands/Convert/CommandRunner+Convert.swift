import InkPipeline
import InkCommandLine

extension CommandRunner {
    func convert(_ arguments: ConvertArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        do {
            let report = try Converter.convert(ink: arguments.ink, pdf: arguments.pdf, output: arguments.output,
                                               options: arguments.options(environment: environment))
            if reportsAsJSON {
                printJSONReport(["output": report.output, "pageCount": report.pageCount, "strokeCount": report.strokeCount,
                                 "format": report.format.rawValue, "notes": report.notes], to: &output)
            } else if !arguments.quiet {
                print("wrote \(report.output) (\(Self.counted(report.pageCount, "page")) with ink, \(Self.counted(report.strokeCount, "stroke")), from \(report.format.rawValue))",
                      to: &output)
                for note in report.notes { print("  " + TerminalText.escaped(note), to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }
}
