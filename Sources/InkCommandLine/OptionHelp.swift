/// One option of a command, declared once: its names (the long one first), the value it takes,
/// one sentence on what it does, and whether the service takes it as a form field. The help, the
/// man page and docs/commands.md describe it from here; the command's parser matches it
/// (`case OptionHelp.pages:`), the worker's command line and the service's form spell it from here.
public struct OptionHelp: Sendable, Equatable {
    /// `["--output", "-o"]`: the long name first, then its short forms.
    public var names: [String]
    /// The placeholder for the value (`FILE`, `N`); nil for a flag.
    public var value: String?
    public var text: String
    /// Whether the service (`inkpdf serve`) takes it as a text part of the form, named `field`,
    /// on the endpoints of the commands that list it.
    public var served: Bool

    public init(_ names: [String], value: String? = nil, served: Bool = false, _ text: String) {
        self.names = names
        self.value = value
        self.served = served
        self.text = text
    }

    /// The long name, as a command line spells it: `--pages`.
    public var name: String { names[0] }

    /// The name without its dashes: the service's form field (`pages`, `only-annotated`).
    public var field: String { String(name.drop { $0 == "-" }) }

    /// The option on a command line: `[--pages, 2-5]`, or `[--only-annotated]` for a flag.
    public func spelled(_ value: String? = nil) -> [String] {
        [name] + (value.map { [$0] } ?? [])
    }

    /// An argument that names this option (`case OptionHelp.output:` matches `--output` and `-o`).
    public static func ~= (option: OptionHelp, argument: String) -> Bool {
        option.names.contains(argument)
    }

    /// The option as a help line starts: `-o, --output OUT.pdf`.
    public var label: String {
        let ordered = names.filter { !$0.hasPrefix("--") } + names.filter { $0.hasPrefix("--") }
        return ordered.joined(separator: ", ") + (value.map { " " + $0 } ?? "")
    }

    /// The same option with other words (a command whose `-o` writes a folder, not a PDF).
    public func with(value: String? = nil, text: String) -> OptionHelp {
        OptionHelp(names, value: value ?? self.value, served: served, text)
    }
}
