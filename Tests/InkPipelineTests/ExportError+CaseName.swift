import InkFixtures
import InkPipeline

extension ExportError {
    /// The case's name (`damagedPDF`), so that tests can say which failure they expect
    /// without the CLI's exit codes.
    var caseName: String {
        Mirror(reflecting: self).children.first?.label ?? String(describing: self)
    }
}
