import InkPipeline
import InkFileSystem
import Foundation
import InkModel
import Synchronization

/// Flattens every inked PDF under a folder into the same relative paths
/// under another, several documents at once.
///
/// Each of `jobs` worker threads takes the next document from a shared list
/// and flattens it whole with `Flattener` (poppler objects never cross
/// threads), so memory stays within `jobs` × one document's bound. A
/// document that fails is recorded and the others go on. A document whose
/// output sidecar records the same PDF and ink SHA-256 is skipped, so a run
/// that was interrupted picks up where it stopped.
public enum BatchFlattener {
    /// What a batch will work on: the documents of this shard, found under `source`.
    public struct Plan: Sendable, Equatable {
        public var source: String
        public var output: String
        public var discovery: BatchDiscovery
        /// This shard's documents (all of them without a shard), by relative path.
        public var documents: [BatchDocument]
        public var shard: BatchShard?
    }

    /// Finds the documents under `source` and picks this shard's.
    public static func plan(source: String, output: String, shard: BatchShard? = nil,
                            annotationsAsInk: Bool = false) throws(BatchError) -> Plan {
        if let outputInfo = try? FileSystem.status(of: output) {
            guard outputInfo.st_mode & S_IFMT == S_IFDIR else { throw .outputNotAFolder(path: output) }
            if let sourceInfo = try? FileSystem.status(of: source), sourceInfo.st_dev == outputInfo.st_dev, sourceInfo.st_ino == outputInfo.st_ino {
                throw .outputIsSource(path: output)
            }
        }
        let discovery = try BatchDiscovery.discover(source: source, excluding: [output], annotationsAsInk: annotationsAsInk)
        let documents = shard.map { $0.select(discovery.documents) } ?? discovery.documents
        return Plan(source: source, output: output, discovery: discovery, documents: documents, shard: shard)
    }

    /// Runs the plan. `progress` is called on the calling thread, once after
    /// each document (in the order they finish), so it may write to streams
    /// the caller owns. Returns the results ordered by relative path.
    public static func run(_ plan: Plan, options: BatchOptions = BatchOptions(),
                           progress: (BatchResult, BatchProgress) -> Void = { _, _ in }) -> BatchReport {
        let clock = ContinuousClock()
        let start = clock.now
        let documents = plan.documents
        let finished = FinishedQueue()
        let next = Mutex(0)
        let workerCount = min(options.jobs, documents.count)
        @Sendable func work() {
            while true {
                let index: Int? = next.withLock { next in
                    guard next < documents.count else { return nil }
                    defer { next += 1 }
                    return next
                }
                guard let index else { return }
                let document = documents[index]
                if let interruption = options.interruption, interruption.signal != nil {
                    finished.post(BatchResult(document: document, output: outputPath(for: document, under: plan.output), outcome: .notStarted))
                    continue
                }
                var result = process(document, outputRoot: plan.output, options: options)
                // A worker stopped by the signal (the batch's, or Ctrl-C reaching the whole process group first) was interrupted.
                if case .failed(let error) = result.outcome, let signal = Self.interruptingSignal(of: error) {
                    _ = options.interruption?.interrupt(by: signal)
                    result.outcome = .interrupted(signal: signal)
                }
                finished.post(result)
            }
        }
        // Poppler and cairo recurse on some pages: workers get the main thread's stack size (WorkThread's).
        var started = 0
        for _ in 0..<workerCount where (try? WorkThread.start(for: plan.source, work)) != nil { started += 1 }
        // No thread could start: the documents are done here, one after another, and reported after.
        if started == 0 && !documents.isEmpty { work() }

        var state = BatchProgress(documentsTotal: documents.count, bytesTotal: documents.reduce(0) { $0 + $1.size })
        var results: [BatchResult] = []
        results.reserveCapacity(documents.count)
        for _ in documents.indices {
            let result = finished.take()
            let elapsed = clock.now - start
            state.add(result, elapsed: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            results.append(result)
            progress(result, state)
        }
        results.sort { BatchDocument.precedes($0.document, $1.document) }
        let elapsed = clock.now - start
        var report = BatchReport(source: plan.source, output: plan.output, shard: plan.shard, jobs: options.jobs, results: results,
                                 unreadable: plan.discovery.unreadable, ignored: plan.discovery.ignored,
                                 seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        report.interruptedBy = options.interruption?.signal
        return report
    }

    /// The signal that stopped the worker `error` reports: interrupted here, or ended by SIGINT or SIGTERM itself.
    static func interruptingSignal(of error: ExportError) -> Int32? {
        switch error {
        case .running(.interrupted(let signal)): signal
        case .running(.reportedByWorker(_, let status)) where status == 128 + SIGINT || status == 128 + SIGTERM: status - 128
        default: nil
        }
    }

    /// Runs one document: the one place that does a document's work, so that
    /// it can move into a worker process with its own limits.
    static func process(_ document: BatchDocument, outputRoot: String, options: BatchOptions) -> BatchResult {
        let output = outputPath(for: document, under: outputRoot)
        guard let ink = document.ink else {
            guard options.copyUninked, let pdf = document.pdf else {
                return BatchResult(document: document, output: output, outcome: .skippedUninked)
            }
            do {
                let copied = try copy(pdf, to: output, force: options.force)
                return BatchResult(document: document, output: output, outcome: copied ? .copied : .copyUpToDate)
            } catch {
                return BatchResult(document: document, output: output, outcome: .failed(error))
            }
        }
        guard !document.isForeign, let pdf = document.pdf else {
            return processForeign(document, ink: ink, output: output, options: options)
        }
        do {
            let pdfHash = try ExportError.sha256(ofFileAt: pdf)
            let inkHash = try ExportError.sha256(ofFileAt: ink)
            if !options.force && isUpToDate(output: output, pdfHash: pdfHash, inkHash: inkHash, recognised: options.flatten.recognitionLanguages) {
                return BatchResult(document: document, output: output, outcome: .upToDate)
            }
            var flattenOptions = options.flatten
            flattenOptions.writeSidecar = true
            flattenOptions.recordedInkSHA256 = inkHash
            // Documents run side by side, one core each: `--jobs N` keeps to N cores.
            flattenOptions.singleThreaded = true
            let report = if let worker = options.worker {
                try worker.flatten(pdf: pdf, ink: ink, output: output, options: flattenOptions)
            } else {
                try Flattener.flatten(pdf: pdf, ink: ink, output: output, options: flattenOptions)
            }
            return BatchResult(document: document, output: output, outcome: .flattened(report))
        } catch {
            return BatchResult(document: document, output: output, outcome: .failed(error))
        }
    }

    /// `OUTPUT/relative/path.pdf`.
    public static func outputPath(for document: BatchDocument, under outputRoot: String) -> String {
        outputRoot.hasSuffix("/") ? outputRoot + document.relativePath : outputRoot + "/" + document.relativePath
    }

    /// Whether `output` exists and its sidecar records these hashes of the PDF and the ink, and with
    /// `recognised` (`--recognize`'s languages) that the ink was recognised in those languages.
    public static func isUpToDate(output: String, pdfHash: String, inkHash: String, recognised: String? = nil) -> Bool {
        guard let info = try? FileSystem.status(of: output), info.st_mode & S_IFMT == S_IFREG,
              let header = try? InkLayersReader(path: Flattener.sidecarPath(forOutput: output)).header,
              header.pdfSHA256?.lowercased() == pdfHash,
              case .object(let source)? = header.extra[Flattener.sourceKey],
              case .string(let recorded)? = source[Flattener.inkHashKey] else { return false }
        if let recognised, source[Flattener.recognisedKey] != .string(recognised) { return false }
        return recorded.lowercased() == inkHash
    }

    /// Copies `pdf` to `destination` atomically; false if an identical copy is already there.
    static func copy(_ pdf: String, to destination: String, force: Bool) throws(ExportError) -> Bool {
        if !force, FileManager.default.fileExists(atPath: destination),
           (try? ExportError.sha256(ofFileAt: destination)) == (try ExportError.sha256(ofFileAt: pdf)) {
            return false
        }
        try ExportError.fileStep { () throws(FileSystemError) in try AtomicOutput.copy(pdf, to: destination) }
        return true
    }
}
