import Foundation

/// A small PDF that keeps poppler busy for ever, for the tests of the stall
/// watchdog: one page, and a form whose field tree is `depth` levels deep, each
/// node listing its one child twice, so that walking the tree visits 2^depth
/// nodes (at 40 levels, a trillion). `pdfinfo` does not return on it; qpdf reads
/// it at once, since it does not walk the fields.
public enum StallingPDF {
    public static func write(to path: String, depth: Int = 40) throws {
        let firstField = 5, leaf = firstField + depth
        var objects: [String] = [
            "<< /Type /Catalog /Pages 3 0 R /AcroForm 2 0 R >>",
            "<< /Fields [\(firstField) 0 R] /NeedAppearances true >>",
            "<< /Type /Pages /Count 1 /Kids [4 0 R] >>",
            "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>",
        ]
        for number in firstField..<leaf {
            let parent = number == firstField ? "" : " /Parent \(number - 1) 0 R"
            objects.append("<< /Kids [\(number + 1) 0 R \(number + 1) 0 R]\(parent) >>")
        }
        objects.append("<< /Type /Annot /Subtype /Widget /FT /Tx /T (leaf) /Rect [0 0 1 1] /Parent \(leaf - 1) 0 R >>")
        try HandWrittenPDF.write(objects, to: path)
    }
}
