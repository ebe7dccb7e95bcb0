import InkPipeline

/// A command line that cannot be run, with the one line that says why and the
/// help that says how.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The command whose help the message points to (`flatten`, `licence issue`); nil: `inkpdf --help`.
    public var topic: String?
    /// The arguments asked for help (`-h`, `--help`) rather than being wrong: `Command.parse`
    /// answers with `.help(topic:)`, the runner prints it and exits 0.
    var isHelpRequest = false

    public init(message: String, topic: String? = nil) {
        self.message = message
        self.topic = topic
    }

    static func helpRequest(topic: String) -> UsageError {
        var request = UsageError(message: "help for \(topic)", topic: topic)
        request.isHelpRequest = true
        return request
    }

    public var description: String { "\(message); see 'inkpdf \(topic.map { $0 + " " } ?? "")--help'" }
}
