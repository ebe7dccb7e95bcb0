/// One option as the help, the man page and docs/commands.md describe it: its names
/// (the long one first), the value it takes, and one sentence on what it does.
public struct OptionHelp: Sendable, Equatable {
    /// `["--output", "-o"]`: the long name first, then its short forms.
    public var names: [String]
    /// The placeholder for the value (`FILE`, `N`); nil for a flag.
    public var value: String?
    public var text: String

    public init(_ names: [String], value: String? = nil, _ text: String) {
        self.names = names
        self.value = value
        self.text = text
    }

    /// The option as a help line starts: `-o, --output OUT.pdf`.
    var label: String {
        let ordered = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
        return ordered.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// The same option with other words (a command whose `-o` writes a folder, not a PDF).
    func with(value: String? = nil, text: String) -> OptionHelp {
        OptionHelp(names, value: value ?? self.value, text)
    }
}
