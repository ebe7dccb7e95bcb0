import InkBatch
import Foundation
import InkFileSystem
import InkPipeline
import InkCommandLine

/// Running `inkpdf batch`.
extension CommandRunner {
    func batch(_ arguments: BatchArguments, output: inout some TextOutputStream, errors: inout some TextOutputStream) -> Int32 {
        // Batch export is an export: the gate is consulted once, before anything is read or written.
        if let refused = exportGate(arguments.gate, command: "batch", asked: "flattening a folder", errors: &errors) { return refused }
        // `--recognize`: as flatten's, once for every document; a free user's documents are written without the
        // words (one line says so), and a missing model is told before any document is written.
        var recognition: String?
        if let languages = arguments.recognize {
            if handwritingSearchAllowed(arguments.gate) {
                do {
                    _ = try LayerRecognition(languages: languages, progress: nil)
                } catch {
                    print("inkpdf: batch: " + TerminalText.escaped("\(error)"), to: &errors)
                    return error.exitCode.rawValue
                }
                recognition = languages
            } else {
                print("inkpdf: warning: batch: --recognize is handwriting search, a Pro feature; the documents are written without recognised text",
                      to: &errors)
            }
        }
        let plan: BatchFlattener.Plan
        do {
            plan = try BatchFlattener.plan(source: arguments.source, output: arguments.output, shard: arguments.shard,
                                           annotationsAsInk: arguments.annotationsAsInk)
        } catch {
            print("inkpdf: batch: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
        if !arguments.quiet {
            for problem in plan.discovery.ignored { print("inkpdf: batch: note: " + TerminalText.escaped(problem.description), to: &errors) }
        }
        let live = !arguments.quiet && (arguments.progress == .live || (arguments.progress == .auto && errorsIsTerminal))
        let lines = !arguments.quiet && !live
        var options = arguments.options(environment: environment, workerExecutable: workerExecutable)
        options.flatten.handwritingTextNote = handwritingTextRefusal(arguments.gate)
        options.flatten.handwritingText = options.flatten.handwritingTextNote == nil
        options.flatten.recognitionLanguages = recognition
        // Ctrl-C (or SIGTERM) stops the documents in flight and starts no other; the report is still
        // written and printed. A second one ends the process at once, as it does elsewhere.
        let interruption = BatchInterruption()
        options.interruption = interruption
        if workerExecutable != nil {
            SignalCleanup.handOver { signal in
                guard interruption.interrupt(by: signal) else { SignalCleanup.end(by: signal) }
                TemporaryFiles.shared.stopWorkers(for: signal)
            }
        }
        let report = BatchFlattener.run(plan, options: options) { result, progress in
            // The documents never started are counted in the closing line, not listed one by one.
            if result.outcome == .notStarted { return }
            if live { print("\r\u{1B}[K", terminator: "", to: &errors) }
            if case .interrupted = result.outcome {
                print("inkpdf: batch: interrupted: " + TerminalText.escaped(result.document.relativePath), to: &errors)
                if live { print(Self.liveLine(progress), terminator: "", to: &errors) }
                return
            }
            for warning in Self.batchWarnings(of: result) { print("inkpdf: warning: " + TerminalText.escaped("\(result.document.relativePath): \(warning)"), to: &errors) }
            if let failure = result.failure {
                print("inkpdf: batch: failed: " + TerminalText.escaped("\(result.document.relativePath): \(failure)"), to: &errors)
            } else if lines {
                print(TerminalText.escaped(Self.batchLine(for: result)), to: &output)
            }
            if live { print(Self.liveLine(progress), terminator: "", to: &errors) }
        }
        if live { print("\r\u{1B}[K", terminator: "", to: &errors) }
        var code = report.exitCode.rawValue
        if let json = arguments.json {
            do {
                try report.writeJSON(to: json)
            } catch {
                print("inkpdf: batch: " + TerminalText.escaped("\(error)"), to: &errors)
                code = error.exitCode.rawValue
            }
        }
        let summary = report.summaryLines
        // Stopped by a signal: the closing line says so where the messages go, with --quiet too.
        if report.interruptedBy != nil {
            print("inkpdf: " + TerminalText.escaped(summary[0]), to: &errors)
        } else if !arguments.quiet {
            print(summary[0], to: &output)
        }
        for line in summary.dropFirst() { print("inkpdf: batch: " + TerminalText.escaped(line), to: &errors) }
        return code
    }

    /// One plain line for a finished document.
    static func batchLine(for result: BatchResult) -> String {
        let path = result.document.relativePath
        switch result.outcome {
        case .flattened(let report):
            return "flattened \(path) (\(summary(pages: report.pageCount, inked: report.inkedPageCount, strokes: report.strokeCount)))"
        case .upToDate: return "up to date \(path)"
        case .copied: return "copied \(path) (no ink)"
        case .copyUpToDate: return "up to date \(path) (copy, no ink)"
        case .skippedUninked: return "skipped \(path) (no ink beside it)"
        case .failed(let error): return "failed \(path): \(error)"
        case .interrupted: return "interrupted \(path)"
        case .notStarted: return "not started \(path)"
        }
    }

    static func batchWarnings(of result: BatchResult) -> [String] {
        if case .flattened(let report) = result.outcome { return report.warnings }
        return []
    }

    /// `[12/200] 340 pages, 25.3 pages/s, 1m20s left, 1 failed`.
    static func liveLine(_ progress: BatchProgress) -> String {
        var line = "[\(progress.documentsDone)/\(progress.documentsTotal)] \(counted(progress.pagesDone, "page")), "
            + String(format: "%.1f pages/s", progress.pagesPerSecond)
        if progress.documentsDone < progress.documentsTotal, let left = progress.secondsLeft {
            line += ", \(duration(left)) left"
        }
        if progress.failures > 0 { line += ", \(progress.failures) failed" }
        return line
    }

    /// `1 page`, `2 pages`: a count and its noun, plural unless it is one.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// What a flatten or export wrote: `3 pages, 2 with ink, 1 stroke`.
    static func summary(pages: Int, inked: Int, strokes: Int) -> String {
        "\(counted(pages, "page")), \(inked) with ink, \(counted(strokes, "stroke"))"
    }

    /// `45s`, `3m05s`, `2h07m`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total)s" }
        if total < 3600 { return String(format: "%dm%02ds", total / 60, total % 60) }
        return String(format: "%dh%02dm", total / 3600, total % 3600 / 60)
    }
}
