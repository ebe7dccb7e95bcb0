import CCrashReport
import InkPipeline
import Foundation

/// The pipe on which a worker tells its parent how far it is: one line per
/// report of its page loop, `page DONE TOTAL FINISHED NEXT` (0 for none), so
/// that the parent can show a progress line and stop a worker that no longer
/// moves (`WorkerLimits.stallTimeout`).
public enum WorkerProgressChannel {
    /// The environment variable that gives a worker the descriptor to report on.
    public static let environmentKey = "INKPDF_PROGRESS_FD"

    /// `page 3 10 4 5`.
    public static func line(for report: PageProgress.Report) -> String {
        "page \(report.done) \(report.total) \(report.finishedPage ?? 0) \(report.nextPage ?? 0)\n"
    }

    /// The report a line says, or nil if it is not one.
    public static func report(parsing line: Substring) -> PageProgress.Report? {
        let fields = line.split(separator: " ")
        guard fields.count == 5, fields[0] == "page" else { return nil }
        let numbers = fields.dropFirst().compactMap { Int($0) }
        // A total of 0 is a count with no end known in advance (recognition reports each layer it read).
        guard numbers.count == 4, numbers.allSatisfy({ $0 >= 0 }), numbers[0] <= numbers[1] || numbers[1] == 0 else { return nil }
        return PageProgress.Report(done: numbers[0], total: numbers[1], finishedPage: numbers[2] == 0 ? nil : numbers[2],
                                   nextPage: numbers[3] == 0 ? nil : numbers[3])
    }

    /// `doing recognition 3`, `doing ink`, …: what the worker is busy with.
    public static func line(for activity: PageProgress.Activity) -> String {
        switch activity {
        case .readingInk: "doing ink\n"
        case .recognising(let page): "doing recognition \(page)\n"
        case .openingPDF: "doing pdf\n"
        case .drawing: "doing pages\n"
        case .writing: "doing writing\n"
        }
    }

    /// The activity a line says, or nil if it is not one.
    public static func activity(parsing line: Substring) -> PageProgress.Activity? {
        let fields = line.split(separator: " ")
        guard fields.first == "doing" else { return nil }
        switch (fields.count, fields.count > 1 ? fields[1] : "") {
        case (2, "ink"): return .readingInk
        case (3, "recognition"):
            guard let page = Int(fields[2]), page >= 0 else { return nil }
            return .recognising(page: page)
        case (2, "pdf"): return .openingPDF
        case (2, "pages"): return .drawing
        case (2, "writing"): return .writing
        default: return nil
        }
    }

    /// What a worker's fatal-signal handler wrote before it died: `crash SIGNAL BYTES`, the
    /// signal and the address space in use (see `CCrashReport`).
    public struct CrashReport: Equatable, Sendable {
        public var signal: Int32
        public var addressSpaceMB: Int
    }

    /// The crash report a line says, or nil if it is not one.
    public static func crashReport(parsing line: Substring) -> CrashReport? {
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "crash", let signal = Int32(fields[1]), let bytes = UInt64(fields[2]) else { return nil }
        return CrashReport(signal: signal, addressSpaceMB: Int(bytes >> 20))
    }

    /// In a worker whose parent gave it a progress descriptor: the progress that
    /// writes each report there. Nil in any other process.
    public static func workerProgress(environment: [String: String]) -> PageProgress? {
        guard let text = environment[environmentKey], let descriptor = Int32(text), descriptor > 2,
              fcntl(descriptor, F_GETFD) >= 0 else { return nil }
        // A parent that is gone must not kill the worker by SIGPIPE before it removes its files.
        signal(SIGPIPE, SIG_IGN)
        // A fatal signal is told on the same pipe, with the address space in use.
        inkpdf_report_crashes(descriptor)
        let send: @Sendable (String) -> Void = { text in
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
        return PageProgress({ report in send(line(for: report)) }, activity: { activity in send(line(for: activity)) })
    }
}
