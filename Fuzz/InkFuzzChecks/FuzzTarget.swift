/// The fuzz targets, each a reader and the promises it keeps on any input (GUIDE.md, "a parser's
/// contract"). One check per target, called by the fuzzer (`inkpdf-fuzz`, built by scripts/fuzz.sh)
/// on every input it makes and by FuzzRegressionTests on every input kept in
/// Tests/FuzzRegressions/TARGET/, so that a finding stays found by `swift test`.
///
/// A check returns the broken promise as one line, or nil. A crash, a trap, a hang or unbounded
/// memory inside the reader is a finding too: the fuzzer sees it as such, and a regression input
/// that does it fails the test run.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The ink-layers codec: what reads writes back and reads again to the same value.
    case inkLayers = "ink-layers"
    /// The reMarkable `.rm` lines-file reader and the strokes built from its lines.
    case remarkable
    /// The Xournal++ importer (gzip, zip and plain XML `.xopp`/`.xoj`).
    case xournal
    /// The InkML importer (plain or gzip XML `.inkml`).
    case inkml
    /// The rnote importer (`.rnote`: gzip of JSON; an input that is not gzip is compressed first).
    case rnote
    /// The PDF annotation reader and the count of what poppler would load.
    case pdfAnnotations = "pdf-annotations"
    /// The service's request parsing (its HTTP daemon, the multipart form, the endpoints' command lines).
    case serveRequest = "serve-request"

    /// What breaks the target's promises for `bytes`, or nil when they hold (a refusal keeps them).
    public func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        switch self {
        case .inkLayers: InkLayersCheck.problem(with: bytes)
        case .remarkable: ReMarkableCheck.problem(with: bytes)
        case .xournal: XournalCheck.problem(with: bytes)
        case .inkml: InkMLCheck.problem(with: bytes)
        case .rnote: RNoteCheck.problem(with: bytes)
        case .pdfAnnotations: PDFAnnotationsCheck.problem(with: bytes)
        case .serveRequest: ServeRequestCheck.problem(with: bytes)
        }
    }
}
