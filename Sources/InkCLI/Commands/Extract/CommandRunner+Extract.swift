import InkImport
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
            var message = "\(error)"
            // Ink exported as annotations (`export --ink-as annotations`, or another viewer's) is read back by convert.
            if case .opening(.noEmbeddedInk(let path)) = error, PDFAnnotationReader.mayHoldInk(pdf: path) {
                message = "\(path): the PDF carries no ink layers, but it has annotations that can be read as ink: "
                    + "'inkpdf convert \(path) -o \(Self.inkLayersName(for: path))' reads them"
            }
            print("inkpdf: " + TerminalText.escaped(message), to: &errors)
            return error.exitCode.rawValue
        }
    }

    /// `NAME.ink.jsonl.gz` for `NAME.pdf`: the ink-layers file a suggestion names.
    static func inkLayersName(for pdf: String) -> String {
        (pdf.lowercased().hasSuffix(".pdf") ? String(pdf.dropLast(4)) : pdf) + ".ink.jsonl.gz"
    }
}
