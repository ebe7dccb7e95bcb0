import InkPipeline
import InkImport
import InkModel
import Foundation

/// Documents of other tools (Xournal++, reMarkable): their sidecar is the
/// document itself, so a later run tells the output is up to date by
/// comparing that copy with the document.
extension BatchFlattener {
    static func processForeign(_ document: BatchDocument, ink: String, output: String, options: BatchOptions) -> BatchResult {
        if !options.force && isUpToDate(foreign: document, ink: ink, output: output) {
            return BatchResult(document: document, output: output, outcome: .upToDate)
        }
        var flattenOptions = options.flatten
        flattenOptions.writeSidecar = true
        flattenOptions.recordedInkSHA256 = nil
        flattenOptions.inkFormat = document.format
        flattenOptions.singleThreaded = true
        do {
            let report = if let worker = options.worker {
                try worker.flatten(pdf: document.pdf, ink: ink, output: output, options: flattenOptions)
            } else {
                try Flattener.flatten(pdf: document.pdf, ink: ink, output: output, options: flattenOptions)
            }
            return BatchResult(document: document, output: output, outcome: .flattened(report))
        } catch {
            return BatchResult(document: document, output: output, outcome: .failed(error))
        }
    }

    /// Whether `output` exists with a sidecar that is the document as it is now: the same
    /// bytes (a `.xopp`, `.xoj`, `.rmdoc`), or for a document of a tablet folder an archive
    /// of the same files with the same bytes (the PDF among them). A PDF the document
    /// lies over from outside (a `.xopp` beside `NAME.pdf`, or the one it names) has no copy
    /// in the sidecar: the output must then be newer than it.
    public static func isUpToDate(foreign document: BatchDocument, ink: String, output: String) -> Bool {
        var outputInfo = stat()
        guard stat(output, &outputInfo) == 0, outputInfo.st_mode & S_IFMT == S_IFREG else { return false }
        let sidecar = Flattener.sidecarPath(forOutput: output, ink: ink, format: document.format)
        let isTabletFolder = document.format == .remarkable && ReMarkableImporter.detect(path: ink) == .content
        if isTabletFolder {
            guard let entries = try? ReMarkableImporter.archiveEntries(of: ink),
                  archive(sidecar, holds: entries) else { return false }
        } else {
            guard let kept = try? ExportError.sha256(ofFileAt: sidecar), let now = try? ExportError.sha256(ofFileAt: ink),
                  kept == now else { return false }
        }
        for pdf in externalPDFs(of: document, ink: ink) {
            var info = stat()
            guard stat(pdf, &info) == 0 else { return false }
            if Self.seconds(info.st_mtim) >= Self.seconds(outputInfo.st_mtim)
                || Self.seconds(info.st_ctim) >= Self.seconds(outputInfo.st_mtim) { return false }
        }
        return true
    }

    /// The PDFs a document is drawn over that are not inside it.
    private static func externalPDFs(of document: BatchDocument, ink: String) -> [String] {
        if let pdf = document.pdf { return [pdf] }
        // Only the background is wanted: the ink goes to a spool (no text written, no fsync), removed at once.
        var options = ImportOptions()
        options.layersForm = .spool
        options.keepsRawValues = false
        guard document.format == .xournal, let imported = try? XournalImporter.read(path: ink, options: options) else { return [] }
        try? FileManager.default.removeItem(atPath: imported.layersPath)
        guard let background = imported.backgroundPDF else { return [] }
        if background.isTemporary, let resolved = background.resolved {
            try? FileManager.default.removeItem(atPath: resolved)
            return []
        }
        return [background.resolved ?? background.requested]
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
