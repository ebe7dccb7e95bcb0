/// Line 1 of an ink-layers file.
public struct InkLayersHeader: Sendable, Equatable {
    /// The only format version this reader understands.
    public static let supportedVersion = 1
    public static let formatName = "inkpdf-layers"

    public var version: Int
    /// Page count of the PDF these layers belong to (`pdf.pageCount`).
    public var pdfPageCount: Int?
    /// Hex SHA-256 of that PDF's bytes (`pdf.sha256`), exactly as the file
    /// wrote it so that writing it back is lossless: compare it case-insensitively.
    public var pdfSHA256: String?
    /// Keys of the `pdf` object other than `pageCount` and `sha256`.
    public var pdfExtra: JSONObject
    /// Top-level keys other than `format`, `version` and `pdf` (e.g. `title`), in source order.
    public var extra: JSONObject

    public init(version: Int = supportedVersion, pdfPageCount: Int? = nil, pdfSHA256: String? = nil,
                pdfExtra: JSONObject = JSONObject(), extra: JSONObject = JSONObject()) {
        self.version = version
        self.pdfPageCount = pdfPageCount
        self.pdfSHA256 = pdfSHA256
        self.pdfExtra = pdfExtra
        self.extra = extra
    }
}
