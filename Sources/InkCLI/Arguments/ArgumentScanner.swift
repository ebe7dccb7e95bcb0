import InkCommandLine

/// Walks one command's arguments: options (with or without a value) in
/// order, collecting the positional arguments on the way (all of them after `--`).
struct ArgumentScanner {
    let command: String
    private let arguments: [String]
    private var index = 0
    private(set) var positional: [String] = []

    init(command: String, arguments: [String]) {
        self.command = command
        self.arguments = arguments
    }

    /// The next option, or nil when the arguments are used up. `-h` or `--help` (as an
    /// option, not as an option's value) throws the request for this command's help.
    mutating func nextOption() throws(UsageError) -> String? {
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                index = arguments.count
                return nil
            }
            if OptionHelp.help ~= argument { throw UsageError.helpRequest(topic: command) }
            if argument.hasPrefix("-") && argument != "-" { return argument }
            positional.append(argument)
        }
        return nil
    }

    /// The value that follows `option`.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
        defer { index += 1 }
        return arguments[index]
    }

    func unknown(_ option: String) -> UsageError {
        UsageError(message: "\(command): unknown option '\(option)'")
    }

    /// The single positional argument, named in the messages as `what`.
    func onePositional(_ what: String) throws(UsageError) -> String {
        try onePositional(missing: "which file? give \(what)", kind: what)
    }

    /// The single positional argument; `missing` says what to give when there is
    /// none ("which PDF? give IN.pdf"), `kind` names one when there are several.
    func onePositional(missing: String, kind: String) throws(UsageError) -> String {
        guard positional.count == 1 else {
            throw UsageError(message: positional.isEmpty ? "\(command): \(missing)"
                                                         : "\(command): one \(kind) at a time (got \(positional.count))")
        }
        return positional[0]
    }

    func noPositional() throws(UsageError) {
        if let first = positional.first { throw UsageError(message: "\(command): unexpected argument '\(first)'") }
    }
}
