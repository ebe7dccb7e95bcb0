/// Why a file could not be created, written, read or replaced.
public enum FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input does not exist.
    case missing(path: String)
    /// An input exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// An output (or a folder for it) cannot be created.
    case cannotCreate(path: String, reason: String)
    /// Writing, flushing or renaming an output failed part-way.
    case writeFailed(path: String, reason: String)
    /// A signal is ending the process: no more outputs are started.
    case interrupted(signal: Int32)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no such file; check the path"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason)); check its permissions"
        case .cannotCreate(let path, let reason): "\(path): cannot create the output (\(reason)); choose a writable place with -o"
        case .writeFailed(let path, let reason):
            "\(path): writing failed (\(reason)); nothing was left at the destination; check free space and retry"
        case .interrupted(let signal): "interrupted by signal \(signal); no partial output was left"
        }
    }

    /// The error for failing to open input `path` with `errno`.
    public static func reading(_ path: String, _ error: Errno) -> FileSystemError {
        error == .noSuchFile ? .missing(path: path) : .unreadable(path: path, reason: error.description)
    }
}
