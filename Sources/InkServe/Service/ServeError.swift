import Foundation
import InkFileSystem

/// Why the service could not start (or reload): one line, with what to do.
public enum ServeError: Error, Equatable, Sendable, CustomStringConvertible {
    case badListenAddress(String)
    case cannotListen(address: String, reason: String)
    case unreadableFile(path: String, role: String, reason: String)
    case noTokens(path: String)
    case gateConfiguration(String)
    case cannotCreateWorkFolder(path: String, reason: String)

    public var description: String {
        switch self {
        case .badListenAddress(let text):
            "--listen \(text): give HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:0 for any free port)"
        case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
        case .unreadableFile(let path, let role, let reason): "\(path): cannot read the \(role) (\(reason))"
        case .noTokens(let path): "\(path): the token file holds no token; put one token a line"
        case .gateConfiguration(let message): message
        case .cannotCreateWorkFolder(let path, let reason): "\(path): cannot create the service's work folder (\(reason)); give --work-dir"
        }
    }
}

extension ServeError {
    /// The bytes of `path`, or `unreadableFile` naming it as `role` and saying why.
    static func contents(of path: String, role: String) throws(ServeError) -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadableFile(path: path, role: role, reason: whyUnreadable(path))
        }
        return data
    }

    /// Why `path` could not be read, for the message (Foundation does not say).
    private static func whyUnreadable(_ path: String) -> String {
        let info: stat
        do { info = try FileSystem.status(of: path) } catch { return error.description }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a folder" }
        do { try FileSystem.checkAccess(path, R_OK) } catch { return error.description }
        return "it could not be read"
    }
}
