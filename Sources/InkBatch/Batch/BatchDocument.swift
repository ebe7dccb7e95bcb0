import InkPipeline

/// One PDF that `batch` found under its source folder.
public struct BatchDocument: Sendable, Hashable {
    /// The PDF's path below the source folder, `/`-separated (`week 1/lecture.pdf`);
    /// the output goes to the same path below the output folder.
    public var relativePath: String
    /// The PDF's path as reached from the source folder given.
    public var pdf: String
    /// `NAME.ink.jsonl` or `NAME.ink.jsonl.gz` beside the PDF; nil when it has no ink.
    public var ink: String?
    /// Bytes of the PDF and its ink: the weight that balances shards and estimates time left.
    public var size: Int64

    public init(relativePath: String, pdf: String, ink: String?, size: Int64) {
        self.relativePath = relativePath
        self.pdf = pdf
        self.ink = ink
        self.size = size
    }

    /// Orders by relative path, byte by byte (UTF-8): the same order on every
    /// machine and locale, and names that differ only in Unicode normalization stay apart.
    static func precedes(_ a: BatchDocument, _ b: BatchDocument) -> Bool {
        a.relativePath.utf8.lexicographicallyPrecedes(b.relativePath.utf8)
    }
}
