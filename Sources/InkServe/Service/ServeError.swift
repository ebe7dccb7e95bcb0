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
