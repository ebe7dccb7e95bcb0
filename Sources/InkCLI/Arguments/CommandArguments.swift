import InkCommandLine

/// One of inkpdf's commands, owned by the type of its parsed arguments: its declaration (name, options,
/// help, what the service takes: `InkCommandLine`), its parser and its run. `Command.parse` finds the
/// command by its declaration's name and `CommandRunner.run` runs it through these.
protocol CommandArguments: Equatable, Sendable {
    /// The command's declaration: its name, synopsis, description and options.
    static var declaration: CommandHelp { get }
    /// The arguments after the verb, parsed (a pure function).
    static func parse(_ arguments: [String]) throws(UsageError) -> Self
    /// Runs the command in `runner`'s environment, writing to the streams; its exit code.
    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32
}

extension Command {
    /// The commands (but the entitlement and licence group), in the order the help lists them.
    static let commands: [any CommandArguments.Type] = [
        FlattenArguments.self, ExportArguments.self, ExtractArguments.self, RenderArguments.self, BatchArguments.self,
        ConvertArguments.self, RecognizeArguments.self, SearchArguments.self, ServeArguments.self, MergeArguments.self,
        InspectArguments.self, DowngradeArguments.self, CheckArguments.self, CompletionArguments.self,
    ]
}
