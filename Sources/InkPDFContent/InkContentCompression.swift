import CZlib

/// zlib (deflate in zlib format, what `/FlateDecode` reads) for the streams
/// inkpdf writes itself.
public enum InkContentCompression {
    /// The level ink content is written at, chosen by measurement on the
    /// benchmark's dense pages (`inkpdf-content-bench measure`, 2 cores):
    /// level 4 makes 44.8 KB/page in 1.9 ms, level 6 42.3 KB in 10.5 ms (its
    /// long match chains on text of many short repeats), level 1 49 KB in
    /// 1.1 ms. Six would make the thread that compresses slower than
    /// poppler's page rendering it runs beside, for 6 % fewer bytes.
    /// Re-measured after the pen runs widened (43.6 KB at level 4, 2.1 ms): the
    /// `Z_FILTERED` strategy at level 4 makes 41.9 KB in 3.2 ms, at level 5
    /// 41.0 KB in 5.5 ms; not taken while the ink's time is further from its
    /// targets than its bytes.
    public static let defaultLevel: Int32 = 4

    /// `bytes` deflated at `level` (0…9) in one call.
    ///
    /// The corresponding C functions are `compressBound` and `compress2`.
    public static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
            }
        }
        // compress2 fails only without memory or with a bad level: both programming errors here.
        precondition(status == Z_OK, "compress2 failed with status \(status)")
        // A copy of the exact size: the bound is about the input's size, three times the output's,
        // and pages wait (in the channel, the spool's writer) holding what this returns.
        return Array(output[..<Int(capacity)])
    }

    /// `bytes` inflated (for tests and checks).
    ///
    /// The corresponding C functions are `inflateInit_`, `inflate` and `inflateEnd`.
    public static func inflate(_ bytes: [UInt8]) -> [UInt8]? {
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
                if result != Z_OK { return result }
            }
        }
        return status == Z_STREAM_END ? output : nil
    }
}
