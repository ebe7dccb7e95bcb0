import Foundation
import InkFileSystem

/// A document's files opened for a search: the PDF or ink-layers file first, then the ink beside
/// it. Each is opened without blocking and must be a regular file (a named pipe nobody writes to
/// would hold a search for ever, a device would never end), checked on what was opened, so that
/// nothing can be swapped in between; each is read through its descriptor (`path(at:)`), never
/// by its name again, so a name that is not UTF-8 is read as well as any.
public final class SearchFiles {
    /// The open descriptors, each above 9 (a worker is given them as its 4, 5, …), closed with this value.
    /// Raw numbers because a worker's spawn hands them on together; this class owns them.
    public let descriptors: [Int32]
    /// The files as a person reads their names, in the same order.
    public let names: [String]

    /// Opens `document`'s files; throws the one line that says why one could not be. An ink file
    /// beside a PDF that cannot be opened is left out, with its line in `skipped`.
    public init(_ document: SearchDocuments.Document, skipped: inout [String]) throws(SearchFilesError) {
        var descriptors: [Int32] = [], names: [String] = []
        let main = try Self.open(document.pathBytes, shown: document.path)
        descriptors.append(main)
        names.append(document.path)
        for (bytes, shown) in zip(document.inkBesideBytes, document.inkBeside) {
            do {
                descriptors.append(try Self.open(bytes, shown: shown))
                names.append(shown)
            } catch {
                skipped.append(error.description + "; the PDF is searched without it")
            }
        }
        self.descriptors = descriptors
        self.names = names
    }

    deinit { for descriptor in descriptors { try? FileDescriptor(adopting: descriptor).close() } }

    /// How this process reads the file at `index` (`/proc/self/fd/N`).
    public func path(at index: Int) -> String { "/proc/self/fd/\(descriptors[index])" }

    /// `text` with each of `paths` (how the files were read) replaced by the file's name: what a
    /// search through descriptors said, as the person who named the files reads it.
    public func naming(_ text: String, readAs paths: [String]) -> String {
        var text = text
        // The longest first: /proc/self/fd/12 before /proc/self/fd/1.
        for (path, name) in zip(paths, names).sorted(by: { $0.0.utf8.count > $1.0.utf8.count }) {
            text = text.replacingOccurrences(of: path, with: name)
        }
        return text
    }

    /// Opens `bytes` without blocking; a descriptor above 9 for a regular file.
    /// The corresponding C functions are `open`, `fstat` and `fcntl` (`F_DUPFD_CLOEXEC`).
    private static func open(_ bytes: [UInt8], shown: String) throws(SearchFilesError) -> Int32 {
        let file: FileDescriptor
        do {
            file = try FileDescriptor(openingBytes: bytes, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw SearchFilesError(path: shown, reason: error == .noSuchFile ? "no such file" : "cannot be opened (\(error.description))")
        }
        let type: mode_t
        do { type = try file.status().st_mode & S_IFMT } catch {
            throw SearchFilesError(path: shown, reason: "cannot be examined (\(error.description))")
        }
        guard type == S_IFREG else {
            throw SearchFilesError(path: shown, reason: type == S_IFDIR ? "is a folder" : "is not a regular file (a pipe, a device or a socket), so it is not read")
        }
        let moved = file.withUnsafeHandle { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        guard moved >= 0 else { throw SearchFilesError(path: shown, reason: "cannot be opened (\(Errno.current.description))") }
        return moved
    }
}

/// Why a file of a search could not be opened: one line naming it.
public struct SearchFilesError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}
