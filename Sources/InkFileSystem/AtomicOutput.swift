import Foundation
import Glibc

/// A file written beside its destination under a temporary name and renamed
/// into place only when complete, so that the destination holds either its
/// old content or the new, never part of one.
///
/// A single owner (`~Copyable`): `commit()` and `abandon()` consume it, and a
/// value dropped without either is abandoned, so the temporary file is
/// removed and its descriptor closed exactly once, whatever path an error takes.
/// Temporary files are registered with `TemporaryFiles` so that a signal
/// removes them before the process ends.
public struct AtomicOutput: ~Copyable, Sendable {
    public let destination: String
    /// The temporary file's name beside the destination.
    public let temporary: String
    /// Held open from creation to commit, so that writers can reach the file
    /// through `writablePath` even after a signal has removed its name.
    private let descriptor: FileDescriptor
    private var isFinished = false

    /// The path writers open: the open temporary file itself (`/proc/self/fd/N`).
    /// Opening it never creates a file in the folder, so a writer that starts
    /// after a signal removed the temporary name cannot leave one behind.
    public var writablePath: String { descriptor.procPath }

    /// Reserves a temporary file beside `destination`, creating missing folders.
    public init(destination: String) throws(FileSystemError) {
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: destination, reason: "cannot create folder \(directory)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .cannotCreate(path: destination, reason: "it is a folder")
        }
        TemporaryFiles.removeLeftovers(besides: destination)
        let name = TemporaryFiles.prefix(for: url.lastPathComponent) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let temporary = (directory as NSString).appendingPathComponent(name)
        let descriptor = try TemporaryFiles.shared.create(temporary, for: destination)
        self.destination = destination
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit {
        if !isFinished { removeTemporary() }
    }

    /// Flushes the temporary file to disk and renames it over the destination;
    /// on failure the temporary file is removed and the destination is untouched.
    public consuming func commit() throws(FileSystemError) {
        isFinished = true
        do {
            try descriptor.sync()
        } catch {
            removeTemporary()
            throw .writeFailed(path: destination, reason: error.description)
        }
        guard rename(temporary, destination) == 0 else {
            let reason = Errno.current.description
            removeTemporary()
            throw .writeFailed(path: destination, reason: reason)
        }
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Removes the temporary file; the destination is untouched.
    public consuming func abandon() {
        isFinished = true
        removeTemporary()
    }

    private func removeTemporary() {
        unlink(temporary)
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Writes `destination` by handing `body` the path to write, then
    /// commits; removes the temporary file if `body` throws.
    public static func write<Result>(to destination: String, _ body: (String) throws -> Result) throws -> Result {
        let output = try AtomicOutput(destination: destination)
        let result = try body(output.writablePath)
        try output.commit()
        return result
    }
}

extension AtomicOutput {
    /// Copies the file at `source` to `destination` atomically, in chunks.
    public static func copy(_ source: String, to destination: String) throws(FileSystemError) {
        let output = try AtomicOutput(destination: destination)
        try copy(source, intoOpenFile: output.writablePath, name: destination)
        try output.commit()
    }

    /// Copies the file at `source` into the file at `path` (an output's `writablePath`), in chunks.
    public static func copy(_ source: String, intoOpenFile path: String, name: String? = nil) throws(FileSystemError) {
        let destination = name ?? path
        let input: FileDescriptor
        do { input = try FileDescriptor(opening: source, flags: O_RDONLY) } catch { throw .reading(source, error) }
        let target: FileDescriptor
        do {
            target = try FileDescriptor(opening: path, flags: O_WRONLY | O_TRUNC)
        } catch {
            throw .cannotCreate(path: destination, reason: error.description)
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do { count = try input.read(into: buffer) } catch { throw .unreadable(path: source, reason: error.description) }
            if count == 0 { break }
            do {
                try target.writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            } catch {
                throw .writeFailed(path: destination, reason: error.description)
            }
        }
        do { try target.close() } catch { throw .writeFailed(path: destination, reason: error.description) }
    }
}
