import Foundation
import InkFileSystem
import InkPipeline
import InkCommandLine

extension Command {
    /// What a command asks of the standard streams: whether an input is `-` (read from standard input) and,
    /// when the output is `-` (written to standard output), the name of the file it is written to first,
    /// whose extension says what to write. Nil when it asks for neither.
    var standardStreams: (readsInput: Bool, outputName: String?)? {
        let inputs: [String?], output: String, name: String
        switch self {
        case .flatten(let arguments): (inputs, output, name) = ([arguments.pdf, arguments.ink], arguments.output, "document.pdf")
        case .export(let arguments): (inputs, output, name) = ([arguments.pdf, arguments.ink], arguments.output, "document.pdf")
        case .convert(let arguments): (inputs, output, name) = ([arguments.pdf, arguments.ink], arguments.output, "document.ink.jsonl")
        case .recognize(let arguments): (inputs, output, name) = ([arguments.convert.pdf, arguments.convert.ink], arguments.convert.output, "document.ink.jsonl")
        // A worker takes the files its parent made for them from its environment (`runAsWorker`).
        default: return nil
        }
        let readsInput = inputs.contains("-")
        guard readsInput || output == "-" else { return nil }
        return (readsInput, output == "-" ? name : nil)
    }

    /// The command with its `-` input and output replaced by `input` and `output` (the files standard input was
    /// spooled to and the document is written to); a PDF for standard output keeps a sidecar only where asked.
    func replacingStandardStreams(input: String?, output: String?) -> Command {
        func replaced(_ path: String?, by file: String?) -> String? { path == "-" ? file ?? path : path }
        func replaced(_ path: String, by file: String?) -> String { path == "-" ? file ?? path : path }
        switch self {
        case .flatten(var arguments):
            arguments.document = arguments.document.replacingStandardStreams(input: input, output: output)
            return .flatten(arguments)
        case .export(var arguments):
            arguments.document = arguments.document.replacingStandardStreams(input: input, output: output)
            return .export(arguments)
        case .convert(var arguments):
            (arguments.pdf, arguments.ink, arguments.output) = (replaced(arguments.pdf, by: input), replaced(arguments.ink, by: input),
                                                                replaced(arguments.output, by: output))
            return .convert(arguments)
        case .recognize(var arguments):
            (arguments.convert.pdf, arguments.convert.ink, arguments.convert.output) = (replaced(arguments.convert.pdf, by: input),
                replaced(arguments.convert.ink, by: input), replaced(arguments.convert.output, by: output))
            return .recognize(arguments)
        case .worker(let command): return .worker(command.replacingStandardStreams(input: input, output: output))
        default: return self
        }
    }

    /// `--sidecar FILE` of a flatten or export to standard output.
    var sidecarDestination: String? {
        switch self {
        case .flatten(let arguments): arguments.sidecar
        case .export(let arguments): arguments.sidecar
        default: nil
        }
    }
}

extension DocumentArguments {
    func replacingStandardStreams(input: String?, output: String?) -> DocumentArguments {
        var replaced = self
        if pdf == "-" { replaced.pdf = input }
        if ink == "-", let input { replaced.ink = input }
        if self.output == "-", let output {
            replaced.output = output
            replaced.writeSidecar = writeSidecar && sidecar != nil
        }
        return replaced
    }
}

extension CommandRunner {
    /// Runs a command whose input or output is `-` (`StandardStreams`): standard input is spooled first; the
    /// document goes to standard output only once it is whole and checked, and nothing else does (the lines
    /// for people go to standard error, without the "wrote" lines that would name the private files).
    func runWithStandardStreams(_ command: Command, arguments: [String], request: (readsInput: Bool, outputName: String?),
                                output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        let streams: StandardStreams
        do {
            streams = try StandardStreams(readsInput: request.readsInput, outputName: request.outputName, environment: environment)
        } catch {
            print("inkpdf: " + (request.readsInput ? "cannot read standard input into a temporary file" : "cannot make a temporary folder")
                  + ": \(error)", to: &errors)
            return ExitCode.ioError.rawValue
        }
        var runner = self
        // A worker given the command line as it was finds the files here.
        runner.environment[StandardStreams.environmentKey] = streams.environmentValue
        let replaced = command.replacingStandardStreams(input: streams.input, output: streams.output)
        var lines = ""
        let code = runner.dispatch(replaced, arguments: arguments, output: &lines, errors: &errors)
        guard streams.output != nil else {
            output.write(lines)
            return code
        }
        for line in lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast() where !line.hasPrefix("wrote ") {
            print(line, to: &errors)
        }
        guard code == ExitCode.success.rawValue else { return code }
        if let destination = command.sidecarDestination, let sidecar = streams.leftBeside.first {
            do {
                try AtomicOutput.copy(sidecar, to: destination)
            } catch {
                print("inkpdf: \(destination): cannot write the sidecar: \(error)", to: &errors)
                return ExitCode.cannotCreateOutput.rawValue
            }
        }
        do {
            try streams.sendOutput(to: documentOutput)
        } catch {
            print("inkpdf: standard output: \(error)", to: &errors)
            return ExitCode.ioError.rawValue
        }
        return code
    }
}
