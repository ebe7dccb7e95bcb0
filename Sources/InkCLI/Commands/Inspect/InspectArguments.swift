/// `inkpdf inspect FILE [--json]`.
public struct InspectArguments: Equatable, Sendable {
    public var path: String
    public var json = false

    public init(path: String, json: Bool = false) {
        self.path = path
        self.json = json
    }
}

extension Command {
    static func parseInspect(_ arguments: [String]) throws(UsageError) -> InspectArguments {
        var scanner = ArgumentScanner(command: "inspect", arguments: arguments)
        var json = false
        while let option = scanner.nextOption() {
            switch option {
            case "--json": json = true
            default: throw scanner.unknown(option)
            }
        }
        return InspectArguments(path: try scanner.onePositional("LAYERS file"), json: json)
    }
}
