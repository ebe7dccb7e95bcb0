import CZlib

/// zlib's inflate of a whole buffer against a limit: the streams an export wrote into a PDF
/// (`/FlateDecode`), read back by the content writer's checks and by the reader of a PDF's
/// annotations (InkImport), which must not depend on the content writer.
public enum ZlibInflate {
    /// `bytes` inflated (for tests and checks, and for the ink a PDF annotation keeps);
    /// nil when they are not a zlib stream or inflate to more than `limit` bytes.
    ///
    /// The corresponding C functions are `inflateInit_`, `inflate` and `inflateEnd`.
    public static func inflate(_ bytes: [UInt8], limit: Int = .max) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = bytes
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if output.count > limit { return Z_BUF_ERROR }
                if result != Z_OK { return result }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
