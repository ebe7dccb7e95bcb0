import Foundation
import Testing

/// The C library's calls on files (open, read, write, remove, rename, temporary files, status,
/// folders…) are made in InkFileSystem only; every other target goes through its typed helpers
/// (`FileDescriptor`, `FileSystem`), so that errors are `Errno` and each descriptor has one owner.
/// The sources are read as text (`LibraryOwnershipTests.code`): a call is the bare name (or
/// `Glibc.` and the name) followed by `(` and a first argument without a label, outside comments.
/// A file that declares a function of the same name calls its own with the bare name.
@Suite struct FileSystemOwnershipTests {
    static let owner = "InkFileSystem"

    static let functions = [
        "open", "openat", "creat", "close", "read", "write", "pread", "pwrite", "lseek", "ftruncate", "truncate",
        "fsync", "fdatasync", "fstat", "stat", "lstat", "unlink", "unlinkat", "rename", "renameat", "link", "symlink",
        "mkstemp", "mkstemps", "mkostemp", "mkostemps", "mkdtemp", "mkdir", "rmdir", "opendir", "readdir", "closedir",
        "realpath", "access", "fopen", "fdopen", "fclose", "fread", "fwrite", "fflush", "tmpfile",
    ]

    /// Descriptors that are not files: the service's listening socket and the pipes between a
    /// worker process and its parent (file, function).
    static let notFiles: Set<String> = [
        "InkServe/HTTPDaemon.swift close",
        "InkWorkers/DocumentWorker.swift read", "InkWorkers/DocumentWorker.swift close",
        "InkWorkers/WorkerProgressChannel.swift write",
    ]

    /// Finds the calls (its regular expressions made once, as they are not `Sendable`).
    struct Detector {
        /// A bare call: not a member (`.read(`), not part of a longer name, with an argument that has no label.
        let bareCall: Regex<AnyRegexOutput>
        let qualifiedCall: Regex<AnyRegexOutput>
        let declaration: Regex<AnyRegexOutput>

        init() {
            let names = FileSystemOwnershipTests.functions.joined(separator: "|")
            bareCall = try! Regex(#"(?:^|[^A-Za-z0-9_.])("# + names + #")\((?!\s*\))(?!\s*[A-Za-z_][A-Za-z0-9_]*\s*:)"#)
            qualifiedCall = try! Regex(#"Glibc\.("# + names + #")\("#)
            declaration = try! Regex(#"func\s+("# + names + #")\s*[(<]"#)
        }
    }

    /// The file system calls in `lines` (one file's code without comments): the function and the line number.
    static func calls(in lines: [Substring], detector: Detector = Detector()) -> [(function: String, line: Int)] {
        let (bareCall, qualifiedCall, declaration) = (detector.bareCall, detector.qualifiedCall, detector.declaration)
        var ownFunctions: Set<String> = []
        for line in lines {
            for match in line.matches(of: declaration) { ownFunctions.insert(String(match.output[1].substring!)) }
        }
        var found: [(function: String, line: Int)] = []
        for (index, line) in lines.enumerated() {
            for match in line.matches(of: qualifiedCall) { found.append((String(match.output[1].substring!), index + 1)) }
            for match in line.matches(of: bareCall) {
                let function = String(match.output[1].substring!)
                let before = line[..<match.range.lowerBound]
                if ownFunctions.contains(function) || before.hasSuffix("func") { continue }
                found.append((function, index + 1))
            }
        }
        return found
    }

    @Test(arguments: [
        ("let fd = open(path, O_RDONLY | O_CLOEXEC)", ["open"]),
        ("defer { Glibc.close(reader) }", ["close"]),
        ("guard stat(path, &info) == 0 else { return nil }", ["stat"]),
        ("template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }", ["mkstemps"]),
        ("if unlink(path) != 0 && rename(a, b) == 0 {}", ["unlink", "rename"]),
        ("var info = stat()", []),
        ("try writer.write(layer: layer)", []),
        ("let count = try input.read(into: buffer)", []),
        ("try FileSystem.remove(path)", []),
        ("public func close() throws {", []),
    ])
    func theDetectorFindsRawCallsOnly(line: String, expected: [String]) {
        #expect(Self.calls(in: [line[...]]).map(\.function) == expected)
    }

    @Test func aFileThatDeclaresTheNameCallsItsOwn() {
        let lines: [Substring] = ["private func write(_ bytes: [UInt8]) throws {}", "try write(bytes)", "Glibc.write(fd, p, n)"]
        #expect(Self.calls(in: lines).map(\.line) == [3])
    }

    @Test func fileSystemCallsAreMadeInInkFileSystemOnly() {
        var outside: [String] = []
        var ownerCalls = 0
        let detector = Detector()
        for source in LibraryOwnershipTests.code {
            for call in Self.calls(in: source.lines, detector: detector) {
                if source.target == Self.owner {
                    ownerCalls += 1
                } else if !Self.notFiles.contains("\(source.target)/\(source.file) \(call.function)") {
                    outside.append("\(source.target)/\(source.file):\(call.line) \(call.function)")
                }
            }
        }
        #expect(ownerCalls > 0, "\(Self.owner) calls none of the file functions")
        #expect(outside.isEmpty, "raw file system calls outside \(Self.owner) (use FileDescriptor or FileSystem): \(outside)")
    }
}
