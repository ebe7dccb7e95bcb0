import CZlib

/// zlib (deflate in zlib format, what `/FlateDecode` reads) for the streams
/// inkpdf writes itself.
public enum InkContentCompression {
    /// zlib's settings for one stream: a level, optionally the lazy-match
    /// parameters that replace the level's own (`deflateTune`), and a strategy.
    public struct Settings: Sendable {
        public var level: Int32
        /// `good_length`, `max_lazy`, `nice_length`, `max_chain`; nil: the level's.
        public var tuning: (good: Int32, lazy: Int32, nice: Int32, chain: Int32)?
        public var strategy: Int32

        public init(level: Int32, tuning: (good: Int32, lazy: Int32, nice: Int32, chain: Int32)? = nil,
                    strategy: Int32 = Z_DEFAULT_STRATEGY) {
            self.level = level
            self.tuning = tuning
            self.strategy = strategy
        }
    }

    /// The ink's settings, chosen by measurement on the benchmark's dense pages
    /// (`inkpdf-content-bench measure`, its zlib tables; operators on the 1/12 pt grid):
    /// - level 4 makes 41.8 KB/page in 1.8 ms, level 6 39.3 KB in 9.8 ms (its long
    ///   match chains on text of many short repeats), level 1 45.5 KB in 1.0 ms;
    /// - level 4's lazy matching with level 6's lengths (good 8, lazy 16, nice 32)
    ///   and a chain of 16 makes 41.0 KB in 2.3 ms: the 2 % that brings the ink to
    ///   0.6 × cairo's bytes, for half a millisecond;
    /// - the `Z_FILTERED` strategy on top makes 39.8 KB in 3.1 ms, and a chain of
    ///   32 (level 5) 40.2 KB in 3.8 ms: not taken, the ink's time is further from
    ///   its targets than its bytes.
    public static let ink = Settings(level: 4, tuning: (good: 8, lazy: 16, nice: 32, chain: 16))

    /// `bytes` deflated at `level` (0…9) in one call.
    public static func deflate(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        deflate(bytes, Settings(level: level))
    }

    /// `bytes` deflated with `settings` in one call.
    ///
    /// The corresponding C functions are `deflateInit2_`, `deflateTune`, `deflateBound`, `deflate` and `deflateEnd`.
    public static func deflate(_ bytes: [UInt8], _ settings: Settings) -> [UInt8] {
        var stream = z_stream()
        // Failures here are only bad settings or no memory: both programming errors.
        precondition(deflateInit2_(&stream, settings.level, Z_DEFLATED, MAX_WBITS, 8, settings.strategy, ZLIB_VERSION,
                                   Int32(MemoryLayout<z_stream>.size)) == Z_OK, "deflateInit2 failed")
        defer { deflateEnd(&stream) }
        if let tuning = settings.tuning {
            precondition(deflateTune(&stream, tuning.good, tuning.lazy, tuning.nice, tuning.chain) == Z_OK, "deflateTune failed")
        }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END, "deflate failed with status \(status)")
        // A copy of the exact size: the bound is about the input's size, three times the output's,
        // and pages wait (in the channel, the spool's writer) holding what this returns.
        return Array(output[..<Int(stream.total_out)])
    }

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
