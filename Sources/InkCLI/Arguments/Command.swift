import InkBatch
import InkPipeline

/// A parsed command line. Parsing is a pure function of the arguments.
public enum Command: Equatable, Sendable {
    case help
    case version
    case flatten(FlattenArguments)
    /// Hidden: the worker process that a flatten runs in (`__worker flatten …`).
    case worker(FlattenArguments)
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
    /// Hidden: a command run as a worker process (`__isolated export …`), printing as it would.
    indirect case isolated(Command)
}

extension Command {
    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let verb = arguments.first else { throw UsageError(message: "no command given") }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help", "help": return .help
        case "-V", "--version", "version": return .version
        case "flatten": return .flatten(try parseFlatten(rest))
        case DocumentWorker.workerVerb where rest.first == "flatten": return .worker(try parseFlatten(Array(rest.dropFirst())))
        case "merge": return .merge(try parseMerge(rest))
        case "inspect": return .inspect(try parseInspect(rest))
        case "downgrade": return .downgrade(try parseDowngrade(rest))
        case "check": return .check(try parseCheck(rest))
        case "batch": return .batch(try parseBatch(rest))
        case "render": return .render(try parseRender(rest))
        case "export": return .export(try parseExport(rest))
        case DocumentWorker.isolatedVerb: return .isolated(try parse(rest))
        case "extract": return .extract(try parseExtract(rest))
        case "convert": return .convert(try parseConvert(rest))
        case "entitlement", "licence", "license": return .entitlement(try parseEntitlement(verb: verb, rest))
        default: throw UsageError(message: "unknown command '\(verb)'")
        }
    }
}
