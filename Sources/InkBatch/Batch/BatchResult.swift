import InkPipeline

/// What happened to one document of a batch.
public struct BatchResult: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// Flattened now; the output and its sidecar were written.
        case flattened(FlattenReport)
        /// The output's sidecar records the same PDF and ink: nothing to do.
        case upToDate
        /// A PDF without ink, copied as it is (`--copy-uninked`).
        case copied
        /// A PDF without ink whose copy is already there and identical.
        case copyUpToDate
        /// A PDF without ink, left out.
        case skippedUninked
        /// The document could not be flattened (or copied); the batch went on.
        case failed(ExportError)
        /// It was being flattened when a signal stopped the batch; nothing was written.
        case interrupted(signal: Int32)
        /// A signal stopped the batch before this document was started.
        case notStarted
    }

    public var document: BatchDocument
    /// Where its output goes: the same relative path below the output folder.
    public var output: String
    public var outcome: Outcome

    public init(document: BatchDocument, output: String, outcome: Outcome) {
        self.document = document
        self.output = output
        self.outcome = outcome
    }

    /// The name of the outcome in reports and progress lines.
    public var status: String {
        switch outcome {
        case .flattened: "flattened"
        case .upToDate: "up to date"
        case .copied: "copied"
        case .copyUpToDate: "copy up to date"
        case .skippedUninked: "skipped (no ink)"
        case .failed: "failed"
        case .interrupted: "interrupted"
        case .notStarted: "not started"
        }
    }

    public var failure: ExportError? {
        if case .failed(let error) = outcome { return error }
        return nil
    }

    /// Pages written now (0 unless flattened).
    public var pagesWritten: Int {
        if case .flattened(let report) = outcome { return report.pageCount }
        return 0
    }
}
