import Foundation
import InkFileSystem

/// A copy of a PDF for poppler to open (`PopplerAnnotationBudget`), removed when the last
/// document opened from it goes.
public final class DrawnCopy: Sendable {
    public let path: String
    /// The one line that says what the copy leaves out.
    public let warning: String
    /// The same without the file's name and the hint: what was left out, and why.
    public let summary: String

    /// Reserves a new file in `folder` for the copy (the caller writes it).
    public init(in folder: String, warning: String, summary: String) throws(Errno) {
        var name = (folder as NSString).appendingPathComponent("inkpdf-drawn-XXXXXX.pdf")
        try FileSystem.reserveUniqueName(from: &name, suffixLength: 4)
        path = name
        self.warning = warning
        self.summary = summary
    }

    deinit { try? FileSystem.remove(path) }
}
