import InkPipeline
import Foundation
import InkFileSystem

/// An unnamed temporary file (created and unlinked at once) for a child's output.
final class ScratchFile {
    let handle: FileHandle

    init?() {
        var path = NSTemporaryDirectory() + "inkpdf-worker-XXXXXX"
        guard let file = try? FileDescriptor(uniqueFrom: &path) else { return nil }
        // Given to one worker as its output; no other child needs it.
        _ = file.withUnsafeHandle { fcntl($0, F_SETFD, FD_CLOEXEC) }
        try? FileSystem.remove(path)
        handle = FileHandle(fileDescriptor: file.releaseUnsafeHandle(), closeOnDealloc: true)
    }

    func contents() -> Data {
        try? handle.seek(toOffset: 0)
        return (try? handle.readToEnd()) ?? Data()
    }
}
