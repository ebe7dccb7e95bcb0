import InkPipeline

extension ExportError {
    /// The documented exit code for this failure (see the README): it follows the failure, not its stage.
    public var exitCode: ExitCode {
        switch self {
        case .opening(let error): error.exitCode
        case .reading(let error): error.exitCode
        case .drawing: .internalError
        case .writing(let error): error.exitCode
        case .running(let error): error.exitCode
        }
    }
}

extension OpeningError {
    var exitCode: ExitCode {
        switch self {
        case .inputMissing, .inputUnreadable: .inputMissing
        case .damagedPDF, .emptyPDF: .damagedPDF
        case .passwordRequired: .passwordRequired
        case .wrongPassword: .wrongPassword
        case .pageSelectionOutOfRange, .nothingSelected, .annotationsOnEncryptedPDF, .ownAnnotationsAsInk: .usage
        case .noEmbeddedInk, .embeddedInkTooLarge: .invalidInk
        }
    }
}

extension InkReadingError {
    var exitCode: ExitCode {
        switch self {
        case .pageOutOfRange, .backgroundPageOutOfRange, .importedPageOutOfRange: .pageOutOfRange
        case .documentMismatch: .documentMismatch
        case .invalidInk, .damagedInk, .invalidImport, .unknownInkFormat, .htmlGivenAsInk, .noPages: .invalidInk
        case .backgroundPDFMissing: .inputMissing
        case .pdfRequired, .noPDFToKeep, .pageNotApplicable: .usage
        case .recognition(.unknownLanguage): .usage
        case .recognition: .recognitionModelMissing
        }
    }
}

extension WritingError {
    var exitCode: ExitCode {
        switch self {
        case .outputIsInput: .usage
        case .cannotCreateOutput: .cannotCreateOutput
        case .writeFailed: .ioError
        case .damagedOutput: .internalError
        }
    }
}

extension WorkerError {
    var exitCode: ExitCode {
        switch self {
        case .interrupted(let signal): signal == 15 ? .terminated : .interrupted
        case .reportedByWorker(_, let status): ExitCode(rawValue: status) ?? .internalError
        case .timedOut, .stalled: .timedOut
        case .workerCrashed: .workerCrashed
        }
    }
}
