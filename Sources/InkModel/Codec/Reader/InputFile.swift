import CZlib
import InkFileSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file opened for reading that hands out its decompressed bytes: plain
/// files as they are, gzip files (recognised by the magic bytes `1f 8b`,
/// never by the name) through zlib's `inflate`, including files made of
/// several concatenated gzip members, as `gzip -d` accepts them.
///
/// zlib runs on our own descriptor rather than through `gzopen` so that the
/// reader can tell a truncated file from a damaged one and keep `errno`.
public final class InputFile {
    public let path: String
    public let isGzip: Bool
    private let descriptor: FileDescriptor
    private var stream: UnsafeMutablePointer<z_stream>?
    private var compressed: UnsafeMutableRawPointer?
    private var compressedAtEnd = false
    /// True between gzip members (and before the first), where the input may end cleanly.
    private var betweenMembers = true
    private static let compressedCapacity = 1 << 18
    /// For a part of a plain file: where the next read starts, and where the part ends.
    private var partPosition: Int64?
    private var partEnd: Int64 = 0

    /// Opens `path`; throws `InkFileError` if it cannot be opened or read.
    public init(path: String) throws {
        self.path = path
        let descriptor = try Self.open(path)
        var magic: (UInt8, UInt8) = (0, 0)
        let count: Int
        do {
            count = try withUnsafeMutableBytes(of: &magic) { (bytes) throws(Errno) in try descriptor.readSome(at: 0, into: bytes) }
        } catch {
            throw InkFileError.readFailed(path: path, errno: error.rawValue)
        }
        isGzip = count == 2 && magic == (0x1f, 0x8b)
        guard isGzip else {
            self.descriptor = descriptor
            return
        }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // windowBits 15 + 16: gzip wrapper only (the magic said so).
        let status = inflateInit2_(stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            throw InkFileError.compressionFailed(path: path, message: "inflateInit2 failed (\(status))")
        }
        self.descriptor = descriptor
        self.stream = stream
        compressed = UnsafeMutableRawPointer.allocate(byteCount: Self.compressedCapacity, alignment: 16)
    }

    /// Bytes `range` of the plain file at `path`, read as if they were the whole
    /// file (to index the parts of a large file at once, one reader each).
    public init(path: String, plainRange range: Range<Int64>) throws {
        self.path = path
        isGzip = false
        descriptor = try Self.open(path)
        partPosition = range.lowerBound
        partEnd = range.upperBound
    }

    private static func open(_ path: String) throws(InkFileError) -> FileDescriptor {
        do { return try FileDescriptor(reading: path) } catch { throw .cannotOpen(path: path, errno: error.rawValue) }
    }

    /// The size of the file in bytes as it is now (compressed, for a gzip file).
    public func size() throws -> Int64 {
        do { return try descriptor.size() } catch { throw InkFileError.readFailed(path: path, errno: error.rawValue) }
    }

    deinit {
        if let stream {
            inflateEnd(stream)
            stream.deallocate()
        }
        compressed?.deallocate()
    }

    /// Reads up to `capacity` decompressed bytes; 0 means the end of the data.
    public func read(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(InputFailure) -> Int {
        guard let stream, let compressed else { return try readPlain(into: buffer, capacity: capacity) }
        stream.pointee.next_out = buffer.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(min(capacity, Int(Int32.max)))
        let requested = Int(stream.pointee.avail_out)
        while stream.pointee.avail_out > 0 {
            if stream.pointee.avail_in == 0 && !compressedAtEnd {
                let count = try readPlain(into: compressed, capacity: Self.compressedCapacity)
                if count == 0 {
                    compressedAtEnd = true
                } else {
                    stream.pointee.next_in = compressed.assumingMemoryBound(to: Bytef.self)
                    stream.pointee.avail_in = uInt(count)
                }
            }
            if stream.pointee.avail_in == 0 && compressedAtEnd {
                if betweenMembers { break }
                throw .truncatedGzip
            }
            let status = inflate(stream, Z_NO_FLUSH)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                betweenMembers = false
            case Z_STREAM_END:
                // Another member may follow (as `cat a.gz b.gz` makes); start afresh.
                inflateReset(stream)
                betweenMembers = true
                if stream.pointee.avail_in > 0 && stream.pointee.next_in.pointee != 0x1f { throw .dataAfterGzip }
            case Z_DATA_ERROR, Z_NEED_DICT:
                throw .corruptGzip(stream.pointee.msg.map { String(cString: $0) } ?? "invalid data")
            case Z_MEM_ERROR:
                throw .system(errno: ENOMEM)
            default:
                throw .corruptGzip("zlib status \(status)")
            }
        }
        return requested - Int(stream.pointee.avail_out)
    }

    /// Reads exactly `count` bytes at `offset` of a plain file (never a gzip one).
    func read(at offset: Int64, into buffer: UnsafeMutableRawPointer, count: Int) throws(InputFailure) {
        // A short read (the file shrank since it was indexed) is EIO.
        do { try descriptor.read(at: offset, into: UnsafeMutableRawBufferPointer(start: buffer, count: count)) } catch {
            throw .system(errno: error.rawValue)
        }
    }

    private func readPlain(into buffer: UnsafeMutableRawPointer, capacity: Int) throws(InputFailure) -> Int {
        if let position = partPosition {
            // The part lies inside the file: a short read means it shrank (EIO).
            let count = Int(min(Int64(capacity), partEnd - position))
            guard count > 0 else { return 0 }
            try read(at: position, into: buffer, count: count)
            partPosition = position + Int64(count)
            return count
        }
        do { return try descriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity)) } catch {
            throw .system(errno: error.rawValue)
        }
    }
}
