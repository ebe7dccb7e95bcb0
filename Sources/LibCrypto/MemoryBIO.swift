import CCrypto

/// A libcrypto memory BIO, owned by this value and freed when it goes away.
public struct MemoryBIO: ~Copyable {
    private let handle: OpaquePointer

    /// An empty BIO to write into. The corresponding C function is `BIO_new(BIO_s_mem())`.
    public init(operation: String) throws(LibCryptoError) {
        guard let handle = BIO_new(BIO_s_mem()) else { throw .drain(operation) }
        self.handle = handle
    }

    /// A BIO holding a copy of `bytes`, to read from.
    public init(copying bytes: [UInt8], operation: String) throws(LibCryptoError) {
        guard let handle = BIO_new(BIO_s_mem()) else { throw .drain(operation) }
        let written = bytes.withUnsafeBytes { BIO_write(handle, $0.baseAddress, Int32($0.count)) }
        guard written == bytes.count || bytes.isEmpty else {
            BIO_free(handle)
            throw .drain(operation)
        }
        self.handle = handle
    }

    deinit { BIO_free(handle) }

    /// Calls `body` with the `BIO`, which must not outlive the call (nor be freed by it).
    public func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// The bytes written so far. The corresponding C macro is `BIO_get_mem_data`.
    public var contents: [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        let count = inkpdf_BIO_get_mem_data(handle, &data)
        guard let data, count > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}
