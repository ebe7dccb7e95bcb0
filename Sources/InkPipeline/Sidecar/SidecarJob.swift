import InkFileSystem
import Foundation
import InkImport
import InkModel
import InkRendering

/// Writes the sidecar on its own thread: the ink's header with the PDF's
/// SHA-256 and page count, then every layer line exactly as it was read.
final class SidecarJob: @unchecked Sendable {
    /// What the sidecar holds.
    enum Content {
        /// The ink-layers header given, then every layer line of `ink` as it was read.
        case layers(ink: String, header: InkLayersHeader)
        /// Another tool's file, byte for byte (a Xournal++ document, a reMarkable archive or page).
        case copy(of: String)
        /// A reMarkable document kept by the tablet as files, packed as a `.rmdoc` archive.
        case remarkableArchive(of: String)
    }

    private let content: Content
    private let inkPath: String
    private let writablePath: String
    private let destination: String
    private let done = DispatchSemaphore(value: 0)
    private var failure: ExportError?
    /// What the file at the destination was when the sidecar was written (read once `wait()` returned).
    private(set) var replacedFile: LayersFileReplacement.Judgement?

    /// The temporary file's own name beside the destination (libzip renames its file over it).
    private let temporaryName: String

    init(content: Content, writablePath: String, temporaryName: String, destination: String) {
        self.temporaryName = temporaryName
        self.content = content
        switch content {
        case .layers(let ink, _), .copy(let ink), .remarkableArchive(let ink): inkPath = ink
        }
        self.writablePath = writablePath
        self.destination = destination
    }

    private var started = false

    /// `belowDrawing`: at a lower priority (a copy only needed when the last page is drawn takes the idle core time).
    func start(belowDrawing: Bool) throws(ExportError) {
        try WorkThread.start(for: inkPath) { [self] in
            if belowDrawing { WorkThread.yieldToForegroundWork() }
            write()
            done.signal()
        }
        started = true
    }

    /// Waits for the thread `start()` began, or writes the sidecar here when none was started.
    func wait() throws(ExportError) {
        if started { done.wait() } else { write() }
        if let failure { throw failure }
    }

    private func write() {
        do {
            switch content {
            case .layers(let ink, let header):
                let reader = try InkLayersReader(path: ink)
                let writer = try InkLayersWriter(path: writablePath, compressionLevel: Flattener.sidecarCompressionLevel)
                try writer.write(header: header)
                while let line = try reader.nextLine() {
                    try writer.writeRawLine(line.bytes)
                }
                try writer.close()
                // The sidecar this one will replace is read here, off the drawing thread, to
                // tell whether it is a good revision to keep (a whole read of a large file),
                // unless it is the same as this one.
                replacedFile = LayersFileReplacement.judge(destination, replacement: writablePath)
            case .copy(let source):
                try ExportError.fileStep { () throws(FileSystemError) in try AtomicOutput.copy(source, intoOpenFile: writablePath) }
            case .remarkableArchive(let source):
                // libzip writes its own temporary file and renames it over this name.
                do {
                    try ReMarkableImporter.writeArchive(of: source, to: temporaryName)
                } catch {
                    throw ExportError.writing(.writeFailed(path: destination, reason: error.description))
                }
            }
        } catch {
            failure = Flattener.exportError(from: error, path: destination)
        }
    }
}
