import InkBatch
import InkServe

/// `inkpdf serve [--listen HOST:PORT] [--jobs N] [--queue N] [--max-upload MB] [--token-file FILE]
/// [--trust FILE] [--policy FILE] [--state FILE] [--timeout S] [--stall-timeout S] [--memory-limit MB]
/// [--tls-cert FILE --tls-key FILE]`.
public struct ServeArguments: Equatable, Sendable {
    public var configuration = ServeConfiguration()

    public init() {}
}

extension Command {
    static func parseServe(_ arguments: [String]) throws(UsageError) -> ServeArguments {
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
            case "--listen": parsed.configuration.listen = try scanner.value(for: option)
            case "--jobs": parsed.configuration.jobs = try count(option, try scanner.value(for: option), minimum: 1)
            case "--queue": parsed.configuration.queue = try count(option, try scanner.value(for: option), minimum: 0)
            case "--max-upload": parsed.configuration.maxUploadMB = try count(option, try scanner.value(for: option), minimum: 1)
            case "--token-file": parsed.configuration.tokenFile = try scanner.value(for: option)
            case "--trust": parsed.configuration.trust = try scanner.value(for: option)
            case "--policy": parsed.configuration.policy = try scanner.value(for: option)
            case "--state": parsed.configuration.state = try scanner.value(for: option)
            case "--timeout", "--stall-timeout", "--memory-limit": try scanner.limit(option, into: &parsed.configuration.limits)
            case "--tls-cert": parsed.configuration.tlsCertificate = try scanner.value(for: option)
            case "--tls-key": parsed.configuration.tlsKey = try scanner.value(for: option)
            case "--header-timeout": parsed.configuration.headerTimeout = try seconds(option, try scanner.value(for: option))
            case "--body-timeout": parsed.configuration.bodyTimeout = try seconds(option, try scanner.value(for: option))
            case "--idle-timeout": parsed.configuration.idleTimeout = Int(try seconds(option, try scanner.value(for: option)).rounded(.up))
            case "--grace": parsed.configuration.grace = try seconds(option, try scanner.value(for: option))
            case "--work-dir": parsed.configuration.workFolder = try scanner.value(for: option)
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
