import InkPipeline
import InkImport
import InkModel
import Foundation
import InkFileSystem

/// Documents of other tools (Xournal++, reMarkable): their sidecar is the
/// document itself, so a later run tells the output is up to date by
/// comparing that copy with the document.
///
/// The batch's own process never reads such a document as a document (it has no
/// time or memory limit): what the files alone cannot tell (which PDF a `.xopp`
/// alone names, to see whether it changed) is decided in the worker, before it flattens.
extension BatchFlattener {
    static func processForeign(_ document: BatchDocument, ink: String, output: String, options: BatchOptions) -> BatchResult {
        var askWorker = false
        if !options.force {
            switch upToDateFromFiles(foreign: document, ink: ink, output: output) {
            case true?: return BatchResult(document: document, output: output, outcome: .upToDate)
            case false?: break
            case nil:
                // Only reading the document can tell: in its worker, or here when there is none (tests).
                if options.worker != nil {
                    askWorker = true
                } else if externalPDFsAreOlder(foreign: document, ink: ink, output: output, confinement: options.flatten.confinement) {
                    return BatchResult(document: document, output: output, outcome: .upToDate)
                }
            }
        }
        var flattenOptions = options.flatten
        flattenOptions.writeSidecar = true
        flattenOptions.recordedInkSHA256 = nil
        flattenOptions.inkFormat = document.format
        flattenOptions.singleThreaded = true
        do {
            if let worker = options.worker {
                guard let report = try worker.flatten(pdf: document.pdf, ink: ink, output: output, options: flattenOptions,
                                                      unlessUpToDate: askWorker) else {
                    return BatchResult(document: document, output: output, outcome: .upToDate)
                }
                return BatchResult(document: document, output: output, outcome: .flattened(report))
            }
            let report = try Flattener.flatten(pdf: document.pdf, ink: ink, output: output, options: flattenOptions)
            return BatchResult(document: document, output: output, outcome: .flattened(report))
        } catch {
            return BatchResult(document: document, output: output, outcome: .failed(error))
        }
    }

    /// Whether `output` exists with a sidecar that is the document as it is now: the same
    /// bytes (a `.xopp`, `.xoj`, `.rmdoc`), or for a document of a tablet folder an archive
    /// of the same files with the same bytes (the PDF among them). A PDF the document
    /// lies over from outside (a `.xopp` beside `NAME.pdf`, or the one it names) has no copy
    /// in the sidecar: the output must then be newer than it. Reads the document to find the
    /// PDF it names, with `confinement` (`ImportOptions.confinement`): for the worker.
    public static func isUpToDate(foreign document: BatchDocument, ink: String, output: String, confinement: [String]?) -> Bool {
        guard let known = upToDateFromFiles(foreign: document, ink: ink, output: output) else {
            return externalPDFsAreOlder(foreign: document, ink: ink, output: output, confinement: confinement)
        }
        return known
    }

    /// What the files alone tell of `isUpToDate`, without reading the document as a document
    /// (only its bytes, and the names in its folder): false or true, or nil when only the PDF a
    /// `.xopp` alone names can tell, which takes reading it.
    static func upToDateFromFiles(foreign document: BatchDocument, ink: String, output: String) -> Bool? {
        guard let outputInfo = try? FileSystem.status(of: output), outputInfo.st_mode & S_IFMT == S_IFREG else { return false }
        let sidecar = Flattener.sidecarPath(forOutput: output, ink: ink, format: document.format)
        let isTabletFolder = document.format == .remarkable && ReMarkableImporter.detect(path: ink) == .content
        if isTabletFolder {
            guard let entries = try? ReMarkableImporter.archiveEntries(of: ink),
                  archive(sidecar, holds: entries) else { return false }
        } else {
            guard let kept = try? ExportError.sha256(ofFileAt: sidecar), let now = try? ExportError.sha256(ofFileAt: ink),
                  kept == now else { return false }
        }
        if let pdf = document.pdf { return isOlder(pdf, than: outputInfo) }
        return document.format == .xournal ? nil : true
    }

    /// Whether the PDF that `ink`, a Xournal++ document alone, names (if any, and not inside it)
    /// is older than `output`. Reads the document.
    static func externalPDFsAreOlder(foreign document: BatchDocument, ink: String, output: String, confinement: [String]?) -> Bool {
        guard let outputInfo = try? FileSystem.status(of: output) else { return false }
        // Only the background is wanted: the ink goes to a spool (no text written, no fsync), removed at once.
        var options = ImportOptions()
        options.layersForm = .spool
        options.keepsRawValues = false
        options.confinement = confinement
        guard let imported = try? XournalImporter.read(path: ink, options: options) else { return true }
        try? FileManager.default.removeItem(atPath: imported.layersPath)
        guard let background = imported.backgroundPDF else { return true }
        if background.isTemporary, let resolved = background.resolved {
            try? FileManager.default.removeItem(atPath: resolved)
            return true
        }
        return isOlder(background.resolved ?? background.requested, than: outputInfo)
    }

    /// Whether `path` was last changed before the output whose `stat` is `output`.
    private static func isOlder(_ path: String, than output: stat) -> Bool {
        guard let info = try? FileSystem.status(of: path) else { return false }
        return Self.seconds(info.st_mtim) < Self.seconds(output.st_mtim) && Self.seconds(info.st_ctim) < Self.seconds(output.st_mtim)
    }

    /// Whether the zip at `path` has exactly `entries`, each with its file's bytes.
    private static func archive(_ path: String, holds entries: [(name: String, file: String)]) -> Bool {
        guard let archive = try? ZipArchive(path: path),
              Set(archive.entryNames.filter { !$0.hasSuffix("/") }) == Set(entries.map(\.name)) else { return false }
        for entry in entries {
            guard let file = FileManager.default.contents(atPath: entry.file),
                  let kept = try? archive.read(entry.name, limit: file.count), kept.count == file.count,
                  kept.elementsEqual(file) else { return false }
        }
        return true
    }

    private static func seconds(_ time: timespec) -> Double { Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9 }
}
