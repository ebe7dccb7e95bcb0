
/// A rectangle in PDF coordinates (y up), as the boxes are written.
public struct PDFBox: Sendable, Equatable {
    public var x, y, width, height: Double

    /// `[x0 y0 x1 y1]` as PDF syntax.
    public var pdfArray: String {
        "[\(PDFNumber.format(x)) \(PDFNumber.format(y)) \(PDFNumber.format(x + width)) \(PDFNumber.format(y + height))]"
    }
}
