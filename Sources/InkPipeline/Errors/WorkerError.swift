import Foundation

/// The worker process the document ran in: stopped by a limit, crashed, interrupted, or what it reported. One line
/// each: what went wrong, where, and what to do.
public enum WorkerError: Error, Equatable, CustomStringConvertible {
    case interrupted(signal: Int32)
    /// A failure reported by a worker process, with its one-line message and exit code.
    case reportedByWorker(message: String, status: Int32)
    /// The worker passed `--timeout`; `activity` is what it last said it was busy with (nil: nothing yet).
    case timedOut(path: String, seconds: Double, activity: PageProgress.Activity?)
    /// The worker went `seconds` without progress: before the document opened (`opened`
    /// false), on source page `page`, or after its last page (`page` nil); `activity` is what
    /// it last said it was busy with (reading the ink, recognising, …; nil: nothing yet).
    case stalled(path: String, seconds: Double, opened: Bool, page: Int?, activity: PageProgress.Activity?)
    /// The worker died by `signal`; `addressSpaceMB` is what its crash handler found in use (nil
    /// when it wrote no report: killed from outside, as by the kernel's out-of-memory killer).
    case workerCrashed(path: String, signal: Int32, memoryLimitMB: Int, addressSpaceMB: Int?)

    public var description: String {
        switch self {
        case .interrupted(let signal):
            "interrupted by signal \(signal); no partial output was left"
        case .reportedByWorker(let message, _):
            message
        case .timedOut(let path, let seconds, .recognising(let page)):
            "\(path): page \(page): stopped after \(Int(seconds)) s without finishing, while recognising its handwriting; nothing was written; raise --timeout (recognition reads about two pages a second)"
        case .timedOut(let path, let seconds, .readingInk):
            "\(path): stopped after \(Int(seconds)) s without finishing, while reading the ink; nothing was written; check the ink file, or raise --timeout"
        case .timedOut(let path, let seconds, _):
            "\(path): stopped after \(Int(seconds)) s without finishing (a damaged PDF can make poppler loop); nothing was written; check the file, or raise --timeout"
        case .stalled(let path, let seconds, _, _, .recognising(let page)):
            "\(path): page \(page): stopped after \(ExportError.seconds(seconds)) s without progress while recognising its handwriting "
                + "(one line of it took longer than that); nothing was written; raise --stall-timeout, or leave out --recognize"
        case .stalled(let path, let seconds, _, _, .readingInk):
            "\(path): stopped after \(ExportError.seconds(seconds)) s without progress while reading the ink; nothing was written; check the ink file, or raise --stall-timeout"
        case .stalled(let path, let seconds, let opened, let page, let activity):
            "\(path)\(page.map { ": page \($0)" } ?? ""): stopped after \(ExportError.seconds(seconds)) s without progress "
                + (activity == .writing ? "after the last page, while writing the output and checking it is whole"
                    : !opened ? "while opening the document" : page == nil ? "after the last page, while writing the output" : "on this page")
                + (activity == .writing ? "" : " (a damaged PDF can make poppler loop)")
                + "; nothing was written; check the file, or raise --stall-timeout"
        case .workerCrashed(let path, let signal, let memoryLimitMB, let addressSpaceMB?) where addressSpaceMB * 2 >= memoryLimitMB:
            // An allocation refused at the limit ends in a trap too; half the limit in use tells them apart.
            "\(path): the work on this document ran into the \(memoryLimitMB) MB memory limit (\(addressSpaceMB) MB in use when it stopped, signal \(signal)); nothing was written; check the file, or raise --memory-limit"
        case .workerCrashed(let path, let signal, let memoryLimitMB, let addressSpaceMB?):
            "\(path): the work on this document crashed (signal \(signal)\(ExportError.signalName(signal))) with \(addressSpaceMB) MB of its \(memoryLimitMB) MB memory limit in use, so not for memory; nothing was written; this is a bug in inkpdf: please report it with the file"
        case .workerCrashed(let path, SIGKILL, let memoryLimitMB, nil):
            "\(path): the work on this document was killed (signal \(SIGKILL)) from outside, as the system's out-of-memory killer does; nothing was written; check the file, or raise --memory-limit (now \(memoryLimitMB) MB)"
        case .workerCrashed(let path, let signal, let memoryLimitMB, nil):
            "\(path): the work on this document crashed (signal \(signal)) or passed the \(memoryLimitMB) MB memory limit; nothing was written; check the file, or raise --memory-limit"
        }
    }
}
