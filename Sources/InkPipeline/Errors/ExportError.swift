import Foundation
import InkFileSystem
import InkModel
import InkRecognition

/// Why an export could not be made. Each case prints as one line that says
/// what went wrong, where, and what to do.
/// Why a flatten, export, render, convert or search could not be done, by the stage that failed: opening
/// the inputs, reading the ink, drawing, writing the output, or the worker process the document ran in.
/// Each prints as one line that says what went wrong, where, and what to do; the exit code follows the
/// failure, not the stage (`ExportError.exitCode` in InkCLI).
public enum ExportError: Error, Equatable, CustomStringConvertible {
    case opening(OpeningError)
    case reading(InkReadingError)
    case drawing(DrawingError)
    case writing(WritingError)
    case running(WorkerError)

    public var description: String {
        switch self {
        case .opening(let error): error.description
        case .reading(let error): error.description
        case .drawing(let error): error.description
        case .writing(let error): error.description
        case .running(let error): error.description
        }
    }
}

extension ExportError {
    /// `60`, `0.5`.
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The same failure, said as export says it.
    public init(_ error: FileSystemError) {
        switch error {
        case .missing(let path): self = .opening(.inputMissing(path: path))
        case .unreadable(let path, let reason): self = .opening(.inputUnreadable(path: path, reason: reason))
        case .cannotCreate(let path, let reason): self = .writing(.cannotCreateOutput(path: path, reason: reason))
        case .writeFailed(let path, let reason): self = .writing(.writeFailed(path: path, reason: reason))
        case .interrupted(let signal): self = .running(.interrupted(signal: signal))
        }
    }

    /// Runs a file-system step inside export's error domain.
    public static func fileStep<T>(_ body: () throws(FileSystemError) -> T) throws(ExportError) -> T {
        do { return try body() } catch { throw ExportError(error) }
    }

    /// The SHA-256 (hex) of the file at `path`, failing as export fails.
    public static func sha256(ofFileAt path: String) throws(ExportError) -> String {
        try fileStep { () throws(FileSystemError) in try FileDigest.sha256Hex(ofFileAt: path) }
    }

    /// Throws `inputMissing` unless `path` is a file, `inputUnreadable` unless it can be read.
    static func requireReadableFile(_ path: String) throws(ExportError) {
        try fileStep { () throws(FileSystemError) in try FileIdentity.requireReadableFile(path) }
    }

    /// `, a trap` for the signals a failed check ends in, and so on.
    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: ", a trap"
        case SIGABRT: ", an abort"
        case SIGSEGV, SIGBUS: ", a bad memory access"
        case SIGFPE: ", an arithmetic fault"
        default: ""
        }
    }

}
