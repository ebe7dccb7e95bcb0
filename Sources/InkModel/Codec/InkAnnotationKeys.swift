/// inkpdf's private keys in the `/Ink` annotations an export writes (`docs/annotations.md`):
/// defined once here, where both the writer (`IncrementalUpdate`, InkPDFContent) and the
/// reader of a PDF's annotations (InkImport) see them.
public enum InkAnnotationKeys {
    /// `[stream layer first count]`: the page's packed strokes (`PackedLayers`, FlateDecode, one
    /// stream a page) and which of them the annotation draws.
    public static let strokes = "/InkPDF:Strokes"
    /// What exports before the packed strokes wrote instead (one ink-layers line a
    /// annotation); read, no longer written.
    public static let layer = "/InkPDF:Layer"
    /// The document's ink-layers header line (a stream, FlateDecode), one object shared by
    /// every annotation of the export.
    public static let header = "/InkPDF:Header"
}
