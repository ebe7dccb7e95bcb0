import InkFixtures
import InkPipeline

extension ExportError {
    /// The failure's name within its stage (`damagedPDF`, not `opening`), so that tests can say which
    /// failure they expect without the CLI's exit codes.
    var caseName: String {
        guard let stage = Mirror(reflecting: self).children.first else { return String(describing: self) }
        return Mirror(reflecting: stage.value).children.first?.label ?? String(describing: stage.value)
    }
}
