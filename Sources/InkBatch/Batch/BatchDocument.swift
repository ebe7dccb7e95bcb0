import InkPipeline
import InkModel

/// One document that `batch` found under its source folder: a PDF (with its
/// ink beside it, or none), or another tool's document (a Xournal++ file, a
/// reMarkable document of a tablet backup or a `.rmdoc`).
public struct BatchDocument: Sendable, Hashable {
    /// The output's path below the output folder, `/`-separated (`week 1/lecture.pdf`):
    /// the PDF's own path below the source, or for a reMarkable document the name the
    /// tablet shows inside its folders.
    public var relativePath: String
    /// The PDF's path as reached from the source folder given; nil for a document that
    /// brings its own pages (a notebook, a reMarkable document with its PDF inside it).
    public var pdf: String?
    /// The ink: `NAME.ink.jsonl[.gz]`, `NAME.xopp` or `NAME.xoj` beside the PDF, or the
    /// document itself (`UUID.content`, `.rmdoc`, a `.xopp` alone); nil when the PDF has no ink.
    public var ink: String?
    /// Bytes of the PDF and its ink: the weight that balances shards and estimates time left.
    public var size: Int64
    /// What `ink` is.
    public var format: InkFormat

    public init(relativePath: String, pdf: String?, ink: String?, size: Int64, format: InkFormat = .inkLayers) {
        self.relativePath = relativePath
        self.pdf = pdf
        self.ink = ink
        self.size = size
        self.format = format
    }

    /// Whether the ink is another tool's document, whose sidecar is the document itself.
    /// Another tool's document; a PDF read for its own annotations (`batch --annotations`) is not.
    public var isForeign: Bool { ink != nil && format != .inkLayers && format != .pdfAnnotations }

    /// Orders by relative path, byte by byte (UTF-8): the same order on every
    /// machine and locale, and names that differ only in Unicode normalization stay apart.
    static func precedes(_ a: BatchDocument, _ b: BatchDocument) -> Bool {
        a.relativePath.utf8.lexicographicallyPrecedes(b.relativePath.utf8)
    }
}
