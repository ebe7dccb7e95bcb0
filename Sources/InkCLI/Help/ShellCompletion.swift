import InkCommandLine

/// `inkpdf completion bash|zsh`: a completion script made from the commands' declarations (`HelpText.commands`),
/// so that it offers exactly the commands and options the help lists.
public enum ShellCompletion {
    public enum Shell: String, Sendable, CaseIterable { case bash, zsh }

    /// The bash script: a function `_inkpdf` that completes the first word from the commands, a word starting with
    /// `-` from its command's options (a two-word command, `licence issue`, by its second word), and file names otherwise.
    public static var bash: String {
        var commands: [String: Set<String>] = [:]
        for command in HelpText.commands {
            let options = command.options.flatMap(\.names) + OptionHelp.help.names
            commands[command.name, default: []].formUnion(options)
        }
        let firstWords = Set(HelpText.commands.compactMap { $0.name.split(separator: " ").first.map(String.init) } + ["help", "version"])
        var cases: [String] = []
        for (name, options) in commands.sorted(by: { $0.key < $1.key }) {
            cases.append("        \"\(name)\") options=\"\(options.sorted().joined(separator: " "))\" ;;")
        }
        let subcommands = Dictionary(grouping: HelpText.commands.map(\.name).filter { $0.contains(" ") }) { String($0.split(separator: " ")[0]) }
        var groups: [String] = []
        for (group, names) in subcommands.sorted(by: { $0.key < $1.key }) {
            groups.append("        \"\(group)\") words=\"\(names.map { String($0.split(separator: " ")[1]) }.sorted().joined(separator: " "))\" ;;")
        }
        return """
        # inkpdf's completion for bash, made by 'inkpdf completion bash' from the commands' declarations.
        _inkpdf() {
            local current="${COMP_WORDS[COMP_CWORD]}" command="" words="" options=""
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(firstWords.sorted().joined(separator: " "))" -- "$current"))
                return
            fi
            command="${COMP_WORDS[1]}"
            [ "$command" = license ] && command=licence
            case "$command" in
        \(groups.joined(separator: "\n"))
            esac
            if [ -n "$words" ]; then
                if [ "$COMP_CWORD" -eq 2 ]; then
                    COMPREPLY=($(compgen -W "$words" -- "$current"))
                    return
                fi
                command="$command ${COMP_WORDS[2]}"
            fi
            case "$command" in
        \(cases.joined(separator: "\n"))
            esac
            if [[ "$current" == -* ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$current"))
            else
                COMPREPLY=($(compgen -f -- "$current"))
            fi
        }
        complete -o filenames -F _inkpdf inkpdf

        """
    }

    /// The zsh script: the bash function, run by zsh's own bash-completion support.
    public static var zsh: String {
        "# inkpdf's completion for zsh, made by 'inkpdf completion zsh' from the commands' declarations.\n"
            + "autoload -U +X compinit && compinit\nautoload -U +X bashcompinit && bashcompinit\n"
            + bash.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }
}

/// `inkpdf completion bash|zsh`.
public struct CompletionArguments: Equatable, Sendable {
    public var shell: ShellCompletion.Shell
}

extension CompletionArguments: CommandArguments {
    static var declaration: CommandHelp { .completion }

    func run(_ runner: CommandRunner, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        output.write(shell == .bash ? ShellCompletion.bash : ShellCompletion.zsh)
        return ExitCode.success.rawValue
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> CompletionArguments {
        var scanner = ArgumentScanner(command: "completion", arguments: arguments)
        while let option = try scanner.nextOption() { throw scanner.unknown(option) }
        let name = try scanner.onePositional("shell (bash or zsh)")
        guard let shell = ShellCompletion.Shell(rawValue: name) else {
            throw UsageError(message: "completion: '\(name)' is not a shell inkpdf completes; give bash or zsh")
        }
        return CompletionArguments(shell: shell)
    }
}
