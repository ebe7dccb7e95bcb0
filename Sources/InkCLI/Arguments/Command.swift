import InkWorkers
import InkCommandLine
import InkBatch
import InkPipeline

/// A parsed command line. Parsing is a pure function of the arguments.
public enum Command: Equatable, Sendable {
    /// `inkpdf --help`, `inkpdf help [TOPIC]`, `inkpdf TOPIC --help`: the help of one command
    /// (or group, `licence`), nil for the overview.
    case help(topic: String?)
    case version
    /// Hidden: prints docs/inkpdf.1 (`__man-page`).
    case manPage
    /// Hidden: docs/commands.md (`CommandsReference`).
    case commandsReference
    case flatten(FlattenArguments)
    case merge(MergeArguments)
    case inspect(InspectArguments)
    case downgrade(DowngradeArguments)
    case check(CheckArguments)
    case entitlement(EntitlementCommand)
    case batch(BatchArguments)
    case render(RenderArguments)
    case export(ExportArguments)
    case extract(ExtractArguments)
    case convert(ConvertArguments)
    case serve(ServeArguments)
    case search(SearchArguments)
    case recognize(RecognizeArguments)
    case completion(CompletionArguments)
    /// Hidden: a command run as a worker process (`__worker flatten …`, `__worker export …`), printing as it
    /// would (flatten: its report as JSON, for `DocumentWorker.flatten`).
    indirect case worker(Command)
}

extension Command {
    /// Parses the arguments after the program name. A usage error names the help of its
    /// command; `-h` or `--help` among a command's options asks for that help instead.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        do {
            return try parseVerb(arguments)
        } catch {
            if error.isHelpRequest { return .help(topic: error.topic) }
            var located = error
            if located.topic == nil { located.topic = helpTopic(of: arguments) }
            throw located
        }
    }

    private static func parseVerb(_ arguments: [String]) throws(UsageError) -> Command {
        guard let verb = arguments.first else { throw UsageError(message: "no command given") }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case OptionHelp.help: return .help(topic: nil)
        case "help":
            guard !rest.isEmpty else { return .help(topic: nil) }
            let topic = rest.joined(separator: " ")
            guard HelpText.pages(for: topic) != nil else { throw UsageError(message: "help: no command '\(topic)'") }
            return .help(topic: topic)
        case OptionHelp.version, "version": return .version
        case ManPage.verb: return .manPage
        case CommandsReference.verb: return .commandsReference
        case FlattenArguments.declaration: return .flatten(try FlattenArguments.parse(rest))
        case MergeArguments.declaration: return .merge(try MergeArguments.parse(rest))
        case InspectArguments.declaration: return .inspect(try InspectArguments.parse(rest))
        case DowngradeArguments.declaration: return .downgrade(try DowngradeArguments.parse(rest))
        case CheckArguments.declaration: return .check(try CheckArguments.parse(rest))
        case BatchArguments.declaration: return .batch(try BatchArguments.parse(rest))
        case RenderArguments.declaration: return .render(try RenderArguments.parse(rest))
        case ExportArguments.declaration: return .export(try ExportArguments.parse(rest))
        case DocumentWorker.verb where rest.first != DocumentWorker.verb: return .worker(try parse(rest))
        case ExtractArguments.declaration: return .extract(try ExtractArguments.parse(rest))
        case ConvertArguments.declaration: return .convert(try ConvertArguments.parse(rest))
        case ServeArguments.declaration: return .serve(try ServeArguments.parse(rest))
        case SearchArguments.declaration: return .search(try SearchArguments.parse(rest))
        case RecognizeArguments.declaration, "recognise": return .recognize(try RecognizeArguments.parse(rest))
        case CompletionArguments.declaration: return .completion(try CompletionArguments.parse(rest))
        case "entitlement", "licence", "license": return .entitlement(try parseEntitlement(verb: verb, rest))
        default:
            let suggestion = Suggestion.nearest(to: verb, among: verbs)
            throw UsageError(message: "unknown command '\(verb)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
    }

    /// The verbs a user may type, for "did you mean …".
    static var verbs: [String] {
        var verbs = ["help", "version"]
        for name in HelpText.commands.compactMap({ $0.name.split(separator: " ").first.map(String.init) }) where !verbs.contains(name) {
            verbs.append(name)
        }
        return verbs
    }

    /// The help a usage error in `arguments` points to: its command's (with the subcommand
    /// for `entitlement` and `licence` when there is one), or nil for the overview.
    private static func helpTopic(of arguments: [String]) -> String? {
        var words = arguments.drop { $0 == DocumentWorker.verb }
        guard let verb = words.popFirst() else { return nil }
        let noun = verb == "license" ? "licence" : verb
        if let subcommand = words.first, let pages = HelpText.pages(for: noun + " " + subcommand), pages.count == 1 {
            return pages[0].name
        }
        return HelpText.pages(for: noun) != nil ? noun : nil
    }
}
