import InkCommandLine

/// Walks one command's arguments: options (with or without a value) in
/// order, collecting the positional arguments on the way (all of them after `--`).
/// It follows the conventions users bring from getopt and GNU tools: a value
/// after `=` (`--ink=FILE`), short flags combined (`-qo OUT.pdf`, where the
/// letters after one that takes a value are its value: `-oOUT.pdf`) and `--`
/// ending the options.
struct ArgumentScanner {
    let command: String
    private let arguments: [String]
    private var index = 0
    private(set) var positional: [String] = []
    /// The value written into the argument of the option just returned (`--ink=FILE`), not yet taken by `value(for:)`.
    private var attached: (option: String, value: String)?
    /// The letters of a cluster of short options (`-qo`) not yet returned.
    private var cluster: Substring = ""

    init(command: String, arguments: [String]) {
        self.command = command
        self.arguments = arguments
    }

    /// The next option, or nil when the arguments are used up. `-h` or `--help` (as an
    /// option, not as an option's value) throws the request for this command's help.
    mutating func nextOption() throws(UsageError) -> String? {
        if let attached {
            throw UsageError(message: "\(command): \(attached.option) takes no value (got '\(attached.option)=\(attached.value)')")
        }
        if let letter = cluster.first {
            cluster = cluster.dropFirst()
            return try checked("-" + String(letter))
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positional += arguments[index...]
                index = arguments.count
                return nil
            }
            guard argument.hasPrefix("-") && argument != "-" else {
                positional.append(argument)
                continue
            }
            if argument.hasPrefix("--") {
                guard let equals = argument.firstIndex(of: "=") else { return try checked(argument) }
                let option = String(argument[..<equals])
                attached = (option, String(argument[argument.index(after: equals)...]))
                return try checked(option)
            }
            // `-ink` is `--ink` mistyped, not `-i nk`.
            if argument.count > 2, ArgumentScanner.declaredOptions(of: command).contains("-" + argument) {
                throw unknown(argument)
            }
            cluster = argument.dropFirst(2)
            return try checked(String(argument.prefix(2)))
        }
        return nil
    }

    /// `option`, unless it asks for help.
    private func checked(_ option: String) throws(UsageError) -> String {
        if OptionHelp.help ~= option { throw UsageError.helpRequest(topic: command) }
        return option
    }

    /// The value that follows `option` (or is attached to it: `--ink=FILE`, `-oOUT.pdf`).
    mutating func value(for option: String) throws(UsageError) -> String {
        if let attached {
            self.attached = nil
            return attached.value
        }
        if !cluster.isEmpty {
            defer { cluster = "" }
            return String(cluster)
        }
        guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
        defer { index += 1 }
        return arguments[index]
    }

    /// An option this command does not take, with the nearest one it does take when there is one.
    func unknown(_ option: String) -> UsageError {
        let suggestion = Suggestion.nearest(to: option, among: ArgumentScanner.declaredOptions(of: command))
        return UsageError(message: "\(command): unknown option '\(option)'" + (suggestion.map { "; did you mean \($0)?" } ?? ""))
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
