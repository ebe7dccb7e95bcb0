import InkPipeline
import InkBatch
import InkFileSystem
import Foundation
import InkModel

/// The `--json` report: one object, written atomically.
extension BatchReport {
    /// `source`, `output`, `shard`, `jobs`, `seconds`, the counts, then
    /// `documents` (each with `path`, `status`, `output`, and `pages`,
    /// `inkedPages`, `strokes`, `sidecar` when flattened, or `reason` and
    /// `exitCode` when failed), `failures` (the failed documents and unreadable
    /// folders with their reasons) and `ignored`.
    public var json: JSONValue {
        var counts = JSONObject()
        counts["documents"] = .number(results.count)
        counts["flattened"] = .number(flattenedCount)
        counts["upToDate"] = .number(upToDateCount)
        counts["copied"] = .number(copiedCount)
        counts["skipped"] = .number(skippedCount)
        counts["failed"] = .number(failures.count + unreadable.count)
        counts["pages"] = .number(pagesWritten)
        if interruptedBy != nil {
            counts["interrupted"] = .number(interruptedCount)
            counts["notStarted"] = .number(notStartedCount)
        }

        var object = JSONObject()
        object["source"] = .string(source)
        object["output"] = .string(output)
        object["shard"] = shard.map { .object(JSONObject([(key: "index", value: .number($0.index)), (key: "count", value: .number($0.count))])) } ?? .null
        object["jobs"] = .number(jobs)
        object["seconds"] = .number((seconds * 1000).rounded() / 1000)
        object["allSucceeded"] = .bool(allSucceeded && interruptedBy == nil)
        // A batch stopped by a signal: which one; a run again goes on from where it stopped.
        object["interrupted"] = .bool(interruptedBy != nil)
        object["signal"] = interruptedBy.map { .string($0 == SIGTERM ? "SIGTERM" : "SIGINT") } ?? .null
        object["counts"] = .object(counts)
        object["documents"] = .array(results.map(\.json))
        object["failures"] = .array(failures.map { result in
            .object(JSONObject([(key: "path", value: .string(result.document.relativePath)),
                                (key: "reason", value: .string(result.failure!.description)),
                                (key: "exitCode", value: .number(Int(result.failure!.exitCode.rawValue)))]))
        } + unreadable.map { problem in
            .object(JSONObject([(key: "path", value: .string(problem.path)), (key: "reason", value: .string(problem.reason)),
                                (key: "exitCode", value: .number(Int(ExitCode.inputMissing.rawValue)))]))
        })
        object["ignored"] = .array(ignored.map { .object(JSONObject([(key: "path", value: .string($0.path)), (key: "reason", value: .string($0.reason))])) })
        return .object(object)
    }

    /// Writes `json` to `path` (a temporary file beside it, renamed into place).
    public func writeJSON(to path: String) throws(BatchError) {
        let text = json.jsonText + "\n"
        do {
            try AtomicOutput.write(to: path) { writable in
                // As fopen's "wb" opens it.
                let file: FileDescriptor
                do throws(Errno) { file = try FileDescriptor(replacing: writable, mode: 0o666) } catch {
                    throw ExportError.writing(.cannotCreateOutput(path: path, reason: error.description))
                }
                do throws(Errno) {
                    try file.writeAll(Array(text.utf8))
                    try file.close()
                } catch {
                    throw ExportError.writing(.writeFailed(path: path, reason: error.description))
                }
            }
        } catch let error as ExportError {
            switch error {
            case .writing(.cannotCreateOutput(_, let reason)), .writing(.writeFailed(_, let reason)): throw .reportNotWritten(path: path, reason: reason)
            default: throw .reportNotWritten(path: path, reason: error.description)
            }
        } catch {
            throw .reportNotWritten(path: path, reason: "\(error)")
        }
    }
}

extension BatchResult {
    var json: JSONValue {
        var object = JSONObject()
        object["path"] = .string(document.relativePath)
        object["status"] = .string(statusKey)
        object["output"] = .string(output)
        switch outcome {
        case .flattened(let report):
            object["pages"] = .number(report.pageCount)
            object["inkedPages"] = .number(report.inkedPageCount)
            object["strokes"] = .number(report.strokeCount)
            object["sidecar"] = .string(report.sidecar)
            if !report.warnings.isEmpty { object["warnings"] = .array(report.warnings.map { .string($0) }) }
        case .failed(let error):
            object["reason"] = .string(error.description)
            object["exitCode"] = .number(Int(error.exitCode.rawValue))
        case .upToDate, .copied, .copyUpToDate, .skippedUninked, .interrupted, .notStarted:
            break
        }
        return .object(object)
    }

    /// The status as one camel-case word for scripts.
    public var statusKey: String {
        switch outcome {
        case .flattened: "flattened"
        case .upToDate: "upToDate"
        case .copied: "copied"
        case .copyUpToDate: "copyUpToDate"
        case .skippedUninked: "skipped"
        case .failed: "failed"
        case .interrupted: "interrupted"
        case .notStarted: "notStarted"
        }
    }
}
