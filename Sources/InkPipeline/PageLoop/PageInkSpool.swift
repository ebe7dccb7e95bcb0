import InkFileSystem
import Foundation
import InkPDFContent
import InkRendering

/// Pages' compressed ink content kept in a file until the output can take it:
/// flatten makes the ink on one thread while cairo writes the pages on the
/// other, and the ink is appended only once cairo has finished the file.
/// Holding every page's stream in memory would grow with the page count
/// (about 40 KB a dense page); here memory is one small entry per page.
///
/// The file is created beside the output and unlinked at once, so nothing is
/// left behind whatever ends the process; the descriptor is closed by `deinit`.
/// Written from the producer's threads (one append at a time), then read from
/// another after they are done (the producer's completion orders the two).
final class PageInkSpool: @unchecked Sendable {
    struct Entry {
        var page: Int
        var offset: Int
        var count: Int
        var length: Int
        var graphicsStates: [InkGraphicsState]
        var grains: [Grain]
        var width: Double
        var height: Double
    }

    private let descriptor: FileDescriptor
    private let name: String
    private var appended: [Entry] = []
    private var end = 0
    private let lock = NSLock()

    /// What was appended, by page.
    var entries: [Entry] { lock.withLock { appended.sorted { $0.page < $1.page } } }

    /// A spool beside `output` (its folder); `name` is what errors call it.
    ///
    /// The corresponding C functions are `mkstemp` and `unlink`.
    init(besides output: String, name: String) throws(ExportError) {
        let directory = (output as NSString).deletingLastPathComponent
        let folder = output.hasPrefix("/proc/") || directory.isEmpty ? NSTemporaryDirectory() : directory
        // Named as the output's temporary files are (`.NAME.inkpdf-PID-…`), so that the
        // clean-up after a killed process removes it too if it dies before the unlink below.
        let prefix = ".\((name as NSString).lastPathComponent).inkpdf-\(getpid())-spool-"
        var template = Array(((folder as NSString).appendingPathComponent(prefix + "XXXXXX")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw .cannotCreateOutput(path: name, reason: "cannot create a temporary file in \(folder): \(Errno.current.description)")
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = FileDescriptor(adopting: descriptor)
        self.name = name
    }

    /// Appends `content` of `page`.
    func append(_ content: CompressedInkContent, page: Int) throws(ExportError) {
        lock.lock()
        defer { lock.unlock() }
        do {
            try descriptor.writeAll(content.deflated)
        } catch {
            throw .writeFailed(path: name, reason: error.description)
        }
        appended.append(Entry(page: page, offset: end, count: content.deflated.count, length: content.length,
                              graphicsStates: content.graphicsStates, grains: content.grains,
                              width: content.width, height: content.height))
        end += content.deflated.count
    }

    /// The content `entry` stands for, read back.
    ///
    /// The corresponding C function is `pread`.
    func content(_ entry: Entry) throws(ExportError) -> CompressedInkContent {
        var bytes = [UInt8](repeating: 0, count: entry.count)
        let failure = bytes.withUnsafeMutableBytes { (buffer) -> Errno? in
            do throws(Errno) { try descriptor.read(at: Int64(entry.offset), into: buffer) } catch { return error }
            return nil
        }
        if let failure {
            throw .writeFailed(path: name, reason: failure == .ioError ? "the ink spooled for page \(entry.page) is short"
                                                                     : "cannot read back the ink: \(failure)")
        }
        return CompressedInkContent(deflated: bytes, length: entry.length, graphicsStates: entry.graphicsStates,
                                    grains: entry.grains, width: entry.width, height: entry.height)
    }
}
