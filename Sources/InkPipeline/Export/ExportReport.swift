import Foundation
import InkModel
import InkRendering

/// What an export did.
public struct ExportReport: Sendable, Equatable {
    public var output: String
    /// Nil when no sidecar was written (or it would have replaced the ink input).
    public var sidecar: String?
    /// Pages written (after `--pages` and `--only-annotated`).
    public var pageCount: Int
    /// Written pages that carry ink.
    public var inkedPageCount: Int
    public var strokeCount: Int
    /// Whether the layers were attached to the output.
    public var embeddedInk: Bool
    /// One line each, e.g. an ink type this version does not know, named once.
    public var warnings: [String]
    /// Another tool's document recognised (`--recognize`): its layers with their words, as ink-layers beside
    /// the document kept as it is (`NAME.ink.jsonl.gz`); nil otherwise.
    public var recognisedText: String? = nil
    /// Information, not warnings: for a PDF's annotations as ink, what each page's became ("page 3: 2 Ink → 5 strokes").
    public var summary: [String] = []
}
