import InkPipeline
import InkCommandLine

extension CommandRunner {
    func extract(_ arguments: ExtractArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        do {
            let size = try EmbeddedInk.extract(pdf: arguments.pdf, password: arguments.password ?? environment["INKPDF_PASSWORD"],
                                               to: arguments.output)
            if !arguments.quiet { print("wrote \(arguments.output) (\(size) bytes)", to: &output) }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
    }
}
