import InkFileSystem
import Foundation
import InkModel
import InkRendering

/// Writes the sidecar on its own thread: the ink's header with the PDF's
/// SHA-256 and page count, then every layer line exactly as it was read.
final class SidecarJob: @unchecked Sendable {
    private let inkPath: String
    private let header: InkLayersHeader
    private let writablePath: String
    private let destination: String
    private let done = DispatchSemaphore(value: 0)
    private var failure: ExportError?

    init(ink: String, header: InkLayersHeader, writablePath: String, destination: String) {
        inkPath = ink
        self.header = header
        self.writablePath = writablePath
        self.destination = destination
    }

    private var started = false

    func start() throws(ExportError) {
        try WorkThread.start(for: inkPath) { [self] in
            // A copy that is only needed when the last page is drawn: it takes the idle core time.
            WorkThread.yieldToForegroundWork()
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
            let reader = try InkLayersReader(path: inkPath)
            let writer = try InkLayersWriter(path: writablePath, compressionLevel: Flattener.sidecarCompressionLevel)
            try writer.write(header: header)
            while let line = try reader.nextLine() {
                try writer.writeRawLine(line.bytes)
            }
            try writer.close()
        } catch {
            failure = Flattener.exportError(from: error, path: destination)
        }
    }
}
