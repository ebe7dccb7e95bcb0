import InkPipeline
import Foundation

/// An unnamed temporary file (created and unlinked at once) for a child's output.
final class ScratchFile {
    let handle: FileHandle

    init?() {
        var template = Array((NSTemporaryDirectory() + "inkpdf-worker-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        // Given to one worker as its output; no other child needs it.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func contents() -> Data {
        lseek(handle.fileDescriptor, 0, SEEK_SET)
        return (try? handle.readToEnd()) ?? Data()
    }
}
