import InkBatch
import InkPipeline

/// A command line that cannot be run, with the one line that says why.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { "\(message); see 'inkpdf --help'" }
}
