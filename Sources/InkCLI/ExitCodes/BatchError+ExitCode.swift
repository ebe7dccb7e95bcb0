import Glibc
import InkBatch

extension BatchError {
    /// The documented exit code for a batch that could not start.
    public var exitCode: ExitCode {
        switch self {
        case .sourceMissing, .sourceUnreadable: .inputMissing
        case .sourceNotAFolder, .outputIsSource: .usage
        case .outputNotAFolder: .cannotCreateOutput
        case .reportNotWritten: .cannotCreateOutput
        }
    }
}

extension BatchReport {
    /// 0 when every document succeeded, `batchFailures` (91) otherwise.
    public var exitCode: ExitCode {
        if let interruptedBy { return interruptedBy == SIGTERM ? .terminated : .interrupted }
        return allSucceeded ? .success : .batchFailures
    }
}
