import InkPipeline

extension ExportError {
    /// The documented exit code for this failure (see the README).
    public var exitCode: ExitCode {
        switch self {
        case .inputMissing, .inputUnreadable: .inputMissing
        case .outputIsInput: .usage
        case .damagedPDF, .emptyPDF: .damagedPDF
        case .passwordRequired: .passwordRequired
        case .wrongPassword: .wrongPassword
        case .pageOutOfRange: .pageOutOfRange
        case .documentMismatch: .documentMismatch
        case .invalidInk, .damagedInk: .invalidInk
        case .cannotCreateOutput: .cannotCreateOutput
        case .writeFailed: .ioError
        case .renderFailed: .internalError
        case .interrupted(let signal): signal == 15 ? .terminated : .interrupted
        case .pageSelectionOutOfRange, .nothingSelected: .usage
        case .noEmbeddedInk, .embeddedInkTooLarge: .invalidInk
        case .reportedByWorker(_, let status): ExitCode(rawValue: status) ?? .internalError
        case .timedOut, .stalled: .timedOut
        case .workerCrashed: .workerCrashed
        case .invalidImport, .unknownInkFormat, .htmlGivenAsInk, .noPages: .invalidInk
        case .backgroundPDFMissing: .inputMissing
        case .pdfRequired, .noPDFToKeep, .annotationsOnEncryptedPDF, .ownAnnotationsAsInk: .usage
        case .backgroundPageOutOfRange: .pageOutOfRange
        case .recognition(.unknownLanguage): .usage
        case .recognition: .recognitionModelMissing
        }
    }
}
