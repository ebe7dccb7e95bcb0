import Foundation

/// `HOST:PORT` to listen on: an IPv4 address, `[IPv6]`, or a name resolved once at start.
struct ListenAddress: Sendable, Equatable {
    var text: String
    /// The resolved address (`sockaddr_in` or `sockaddr_in6`), as bytes.
    var socketAddress: [UInt8]
    var isIPv6: Bool

    /// Parses and resolves `HOST:PORT`; the error says what is wrong.
    init(_ text: String) throws(ServeError) {
        self.text = text
        let host: String
        let portText: String
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .badListenAddress(text) }
            portText = String(rest.dropFirst())
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw .badListenAddress(text) }
            host = String(text[..<colon])
            portText = String(text[text.index(after: colon)...])
        }
        guard let port = UInt16(portText), !host.isEmpty else { throw .badListenAddress(text) }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
            throw .cannotListen(address: text, reason: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(found) }
        isIPv6 = first.pointee.ai_family == AF_INET6
        socketAddress = Array(UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
    }

    /// A copy of the address that lives as long as the daemon (libmicrohttpd keeps the pointer).
    func allocateSocketAddress() -> UnsafeMutableRawPointer {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(socketAddress.count, 128), alignment: 8)
        pointer.initializeMemory(as: UInt8.self, repeating: 0, count: max(socketAddress.count, 128))
        socketAddress.withUnsafeBytes { pointer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        return pointer
    }
}
