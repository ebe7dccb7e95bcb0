import InkCommandLine
import InkServe

/// `inkpdf serve [--listen HOST:PORT] [--jobs N] [--queue N] [--max-upload MB] [--token-file FILE]
/// [--trust FILE] [--policy FILE] [--state FILE] [--timeout S] [--stall-timeout S] [--memory-limit MB]
/// [--tls-cert FILE --tls-key FILE]`.
public struct ServeArguments: Equatable, Sendable {
    public var configuration = ServeConfiguration()

    public init() {}
}

extension ServeArguments: CommandArguments {
    static var declaration: CommandHelp { .serve }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        runner.serve(self, errors: &errors)
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ServeArguments {
        var scanner = ArgumentScanner(command: "serve", arguments: arguments)
        var parsed = ServeArguments()
        func count(_ option: String, _ text: String, minimum: Int) throws(UsageError) -> Int {
            guard let number = Int(text), number >= minimum, number <= 1 << 20 else {
                throw UsageError(message: "serve: \(option) '\(text)' is not a whole number from \(minimum)")
            }
            return number
        }
        func seconds(_ option: String, _ text: String) throws(UsageError) -> Double {
            guard let number = Double(text), number.isFinite, number > 0, number <= 86_400 else {
                throw UsageError(message: "serve: \(option) '\(text)' is not a positive number of seconds")
            }
            return number
        }
        while let option = try scanner.nextOption() {
            switch option {
            case OptionHelp.Serve.listen: parsed.configuration.listen = try scanner.value(for: option)
            case OptionHelp.Serve.jobs: parsed.configuration.jobs = try count(option, try scanner.value(for: option), minimum: 1)
            case OptionHelp.Serve.queue: parsed.configuration.queue = try count(option, try scanner.value(for: option), minimum: 0)
            case OptionHelp.Serve.maxUpload: parsed.configuration.maxUploadMB = try count(option, try scanner.value(for: option), minimum: 1)
            case OptionHelp.Serve.tokenFile: parsed.configuration.tokenFile = try scanner.value(for: option)
            case OptionHelp.trust: parsed.configuration.trust = try scanner.value(for: option)
            case OptionHelp.policy: parsed.configuration.policy = try scanner.value(for: option)
            case OptionHelp.state: parsed.configuration.state = try scanner.value(for: option)
            case OptionHelp.timeout, OptionHelp.stallTimeout, OptionHelp.memoryLimit: try scanner.limit(option, into: &parsed.configuration.limits)
            case OptionHelp.Serve.tlsCert: parsed.configuration.tlsCertificate = try scanner.value(for: option)
            case OptionHelp.Serve.tlsKey: parsed.configuration.tlsKey = try scanner.value(for: option)
            case OptionHelp.Serve.headerTimeout: parsed.configuration.headerTimeout = try seconds(option, try scanner.value(for: option))
            case OptionHelp.Serve.bodyTimeout: parsed.configuration.bodyTimeout = try seconds(option, try scanner.value(for: option))
            case OptionHelp.Serve.idleTimeout: parsed.configuration.idleTimeout = Int(try seconds(option, try scanner.value(for: option)).rounded(.up))
            case OptionHelp.Serve.grace: parsed.configuration.grace = try seconds(option, try scanner.value(for: option))
            case OptionHelp.Serve.workDir: parsed.configuration.workFolder = try scanner.value(for: option)
            default: throw scanner.unknown(option)
            }
        }
        try scanner.noPositional()
        if (parsed.configuration.tlsCertificate == nil) != (parsed.configuration.tlsKey == nil) {
            throw UsageError(message: "serve: TLS needs both --tls-cert FILE and --tls-key FILE")
        }
        return parsed
    }
}
