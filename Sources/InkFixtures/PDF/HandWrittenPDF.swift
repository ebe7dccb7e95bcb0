import Foundation

/// A PDF written byte by byte from its objects' text (object 1 is the catalog): for the
/// shapes cairo and qpdf never write (page trees that list a page twice or lie in their
/// counts, form-field trees that loop), with a correct cross-reference table.
public enum HandWrittenPDF {
    /// Writes `objects` as objects 1, 2, … to `path` after `header`; `trailer` is added to the trailer dictionary (an `/ID`).
    public static func write(_ objects: [String], header: String = "%PDF-1.4\n", trailer: String = "", to path: String) throws {
        var text = header
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R\(trailer) >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
