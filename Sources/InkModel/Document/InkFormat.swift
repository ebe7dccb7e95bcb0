import Foundation

/// The formats inkpdf reads, detected by content.
public enum InkFormat: String, Sendable, Equatable, CaseIterable {
    /// inkpdf's own JSON Lines format (plain or gzip).
    case inkLayers = "ink-layers"
    /// Xournal++ `.xopp` (gzip or zip) and Xournal `.xoj`.
    case xournal = "xournal"
    /// reMarkable documents (`.content` with its folder, `.rmdoc`) and single `.rm` pages.
    case remarkable = "remarkable"
    /// W3C InkML 1.0 (`.inkml`): XML whose root is `<ink>` in the InkML namespace.
    case inkML = "inkml"
    /// rnote notebooks (`.rnote`: gzip of JSON, versions 0.5 and 0.9–0.12).
    case rnote = "rnote"
    /// A PDF's annotations (`/Ink`, text markup, shapes), read as strokes (`docs/annotations.md`).
    case pdfAnnotations = "pdf"
}
