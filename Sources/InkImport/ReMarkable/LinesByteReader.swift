/// Little-endian values from a lines file, every read checked against the
/// end of the file and of the enclosing block (`limit`), so that no length in
/// a damaged file can make a read leave its bounds.
struct LinesByteReader {
    let bytes: [UInt8]
    let path: String
    /// The next byte to read.
    var offset: Int
    /// One past the last byte the current block may use.
    var limit: Int

    init(bytes: [UInt8], path: String, offset: Int = 0) {
        self.bytes = bytes
        self.path = path
        self.offset = offset
        self.limit = bytes.count
    }

    var remaining: Int { limit - offset }

    private mutating func take(_ count: Int, _ what: @autoclosure () -> String) throws(ReMarkableImportError) -> Int {
        guard count >= 0, count <= limit - offset else {
            if limit == bytes.count || offset + count > bytes.count {
                throw .truncated(path: path, offset: offset, what: what())
            }
            throw .badLength(path: path, offset: offset, what: "\(what()) (\(count) bytes, \(limit - offset) left in its block)")
        }
        let start = offset
        offset += count
        return start
    }

    mutating func uint8(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> UInt8 {
        bytes[try take(1, what())]
    }

    mutating func uint16(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> UInt16 {
        let i = try take(2, what())
        return UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8
    }

    mutating func uint32(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> UInt32 {
        let i = try take(4, what())
        return UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
    }

    mutating func int32(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> Int32 {
        Int32(bitPattern: try uint32(what()))
    }

    mutating func float32(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> Float {
        Float(bitPattern: try uint32(what()))
    }

    mutating func float64(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> Double {
        let low = UInt64(try uint32(what())), high = UInt64(try uint32(what()))
        return Double(bitPattern: low | high << 32)
    }

    /// An unsigned LEB128 number of at most 10 bytes.
    mutating func varuint(_ what: @autoclosure () -> String) throws(ReMarkableImportError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try uint8(what())
            guard shift < 64 else { throw .corrupt(path: path, offset: start, what: "\(what()): a variable-length number longer than 64 bits") }
            result |= UInt64(byte & 0x7F) << shift
            shift += 7
            if byte & 0x80 == 0 { return result }
        }
    }

    mutating func bytes(_ count: Int, _ what: @autoclosure () -> String) throws(ReMarkableImportError) -> ArraySlice<UInt8> {
        let start = try take(count, what())
        return bytes[start..<start + count]
    }

    mutating func skip(_ count: Int, _ what: @autoclosure () -> String) throws(ReMarkableImportError) {
        _ = try take(count, what())
    }
}
