import Foundation
import InkModel

/// A pull reader of one JSON document streamed from a file (gzip through `InputFile`),
/// for rnote's `.rnote`: a single JSON value of up to hundreds of megabytes that is read
/// stroke by stroke, never held whole.
///
/// The caller walks the structure it expects (`beginObject`/`nextKey`, `beginArray`/`nextElement`,
/// `string`, `number`, `skipValue`); anything it does not expect is skipped. The bounds of
/// the parser's contract live here: every byte read is counted against the document's
/// `ExpansionBudget`, nesting is at most `maximumDepth` (whether walked or skipped), a string
/// the caller reads is at most the limit it gives, and a number literal at most 64 bytes.
final class RNoteJSONReader {
    /// Why reading stopped: the byte offset in the decompressed JSON, and what was wrong.
    enum Failure: Error, Equatable {
        case syntax(offset: Int, reason: String)
        case expandsTooFar(limit: Int)
        case tooDeep(offset: Int, limit: Int)
        case tooLong(offset: Int, what: String, limit: Int)
        case input(String)
    }

    enum Kind: Equatable { case object, array, string, number, bool, null }

    /// Deeper than rnote ever nests (a stroke's element is about 8 levels down).
    static let maximumDepth = 64

    private let readAhead: RNoteReadAhead
    private let budget: ExpansionBudget
    /// The bytes this document may still expand to when reading began (the budget's remainder).
    private let allowed: Int
    // The reader's state is touched once or more per byte, by one thread, never passed inout:
    // Swift's run-time exclusivity checks on these class properties were a large share of the time.
    /// The chunk being read (the read-ahead's; nil before the first and at the end).
    @exclusivity(unchecked) private var chunk: UnsafeMutablePointer<UInt8>?
    @exclusivity(unchecked) private var buffer: UnsafeMutablePointer<UInt8>
    private let empty: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var atEnd = false
    /// Bytes of the decompressed JSON before `buffer[0]`.
    @exclusivity(unchecked) private var consumedBefore = 0
    /// One flag per open container: whether its next member is its first.
    @exclusivity(unchecked) private var first: [Bool] = []
    /// Where a number's literal is copied for `strtod`, NUL-terminated.
    private let literal: UnsafeMutablePointer<UInt8>
    private static let literalCapacity = 64

    init(input: InputFile, budget: ExpansionBudget) {
        readAhead = RNoteReadAhead(input: input)
        self.budget = budget
        allowed = budget.remaining
        empty = .allocate(capacity: 1)
        buffer = empty
        literal = .allocate(capacity: Self.literalCapacity + 1)
        first.reserveCapacity(Self.maximumDepth)
    }

    deinit {
        readAhead.stop()
        empty.deallocate()
        literal.deallocate()
    }

    /// The offset in the decompressed JSON of the next byte.
    var offset: Int { consumedBefore + position }
    var depth: Int { first.count }

    // MARK: Bytes

    /// Reads the next chunk. Never inlined: the hot loops that call it at a buffer's end should
    /// not carry its work (the budget is a shared object, whose property accesses are checked).
    @inline(never)
    private func refill() throws(Failure) -> Bool {
        if atEnd { return false }
        consumedBefore += count
        position = 0
        let read: Int
        do throws(InputFailure) {
            let (next, count) = try readAhead.next(returning: chunk)
            chunk = next
            buffer = next ?? empty
            read = count
        } catch {
            chunk = nil
            buffer = empty
            count = 0
            switch error {
            case .system(let code): throw .input(String(cString: strerror(code)))
            case .corruptGzip(let message): throw .input("the gzip data is damaged (\(message))")
            case .truncatedGzip: throw .input("the gzip data ends early")
            case .dataAfterGzip: throw .input("data that is not gzip follows the gzip data")
            }
        }
        count = read
        if read == 0 { atEnd = true; return false }
        budget.spend(read)
        guard consumedBefore + read <= allowed else { throw .expandsTooFar(limit: budget.limit) }
        return true
    }

    /// The next byte (not consumed), or nil at the end of the data.
    @inline(__always)
    private func peekByte() throws(Failure) -> UInt8? {
        if position < count { return buffer[position] }
        guard try refill() else { return nil }
        return buffer[position]
    }

    @inline(__always)
    private func nextByte() throws(Failure) -> UInt8? {
        if position >= count { guard try refill() else { return nil } }
        let byte = buffer[position]
        position += 1
        return byte
    }

    /// rnote writes its JSON without whitespace: the common case returns at once, inlined.
    @inline(__always)
    private func skipWhitespace() throws(Failure) {
        if position < count {
            let byte = buffer[position]
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { return }
        }
        try skipWhitespaceRun()
    }

    private func skipWhitespaceRun() throws(Failure) {
        while true {
            while position < count {
                let byte = buffer[position]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                position += 1
            }
            guard try refill() else { return }
        }
    }

    func syntax(_ reason: String) -> Failure { .syntax(offset: offset, reason: reason) }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the data" }
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        try skipWhitespace()
        let found = try nextByte()
        guard found == byte else {
            if found != nil { position -= 1 }
            throw syntax("expected \(what), found \(describe(found))")
        }
    }

    // MARK: Structure

    /// The kind of the next value (whitespace skipped, nothing consumed).
    func peekKind() throws(Failure) -> Kind {
        try skipWhitespace()
        guard let byte = try peekByte() else { throw syntax("expected a value, found the end of the data") }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw syntax("expected a value, found \(describe(byte))")
        }
    }

    private func open(_ byte: UInt8, _ what: String) throws(Failure) {
        guard first.count < Self.maximumDepth else { throw .tooDeep(offset: offset, limit: Self.maximumDepth) }
        try expect(byte, what)
        first.append(true)
    }

    func beginObject() throws(Failure) { try open(UInt8(ascii: "{"), "an object '{'") }
    func beginArray() throws(Failure) { try open(UInt8(ascii: "["), "an array '['") }

    /// The next key of the innermost object (its ':' consumed), or nil after its '}'.
    func nextKey() throws(Failure) -> String? {
        guard let isFirst = first.last else { throw syntax("a key outside an object") }
        try skipWhitespace()
        if try peekByte() == UInt8(ascii: "}") {
            position += 1
            first.removeLast()
            return nil
        }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or '}'") }
        first[first.count - 1] = false
        try skipWhitespace()
        guard try peekByte() == UInt8(ascii: "\"") else { throw syntax("expected a key, found \(describe(try peekByte()))") }
        let key = try keyString()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Whether the innermost array has another element (its ',' consumed); false after its ']'.
    func nextElement() throws(Failure) -> Bool {
        guard let isFirst = first.last else { throw syntax("an element outside an array") }
        try skipWhitespace()
        if try peekByte() == UInt8(ascii: "]") {
            position += 1
            first.removeLast()
            return false
        }
        if !isFirst { try expect(UInt8(ascii: ","), "',' or ']'") }
        first[first.count - 1] = false
        return true
    }

    /// After the top-level value: only whitespace may follow.
    func expectEnd() throws(Failure) {
        try skipWhitespace()
        if let byte = try peekByte() { throw syntax("unexpected \(describe(byte)) after the JSON value") }
    }

    // MARK: Values

    /// Consumes `null` if it is next; false (nothing consumed) for any other value.
    func skipNull() throws(Failure) -> Bool {
        guard try peekKind() == .null else { return false }
        try word("null")
        return true
    }

    func bool() throws(Failure) -> Bool {
        try skipWhitespace()
        switch try peekByte() {
        case UInt8(ascii: "t"): try word("true"); return true
        case UInt8(ascii: "f"): try word("false"); return false
        case let other: throw syntax("expected true or false, found \(describe(other))")
        }
    }

    private func word(_ text: StaticString) throws(Failure) {
        let start = offset
        for expected in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
            guard try nextByte() == expected else { throw .syntax(offset: start, reason: "invalid literal; expected \(text)") }
        }
    }

    /// A number: JSON's grammar, converted by `strtod`; a finite value only.
    func number() throws(Failure) -> Double {
        try skipWhitespace()
        let start = offset
        var length = 0
        while true {
            if position >= count { guard try refill() else { break } }
            let byte = buffer[position]
            guard (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") else { break }
            guard length < Self.literalCapacity else { throw .tooLong(offset: start, what: "a number", limit: Self.literalCapacity) }
            literal[length] = byte
            length += 1
            position += 1
        }
        let digits = UnsafeBufferPointer(start: literal, count: length)
        guard JSONNumberSyntax.isValid(UnsafeRawBufferPointer(digits)) else {
            throw .syntax(offset: start, reason: length == 0 ? "expected a number, found \(describe(try peekByte()))"
                                                             : "'\(String(decoding: digits, as: UTF8.self))' is not a JSON number")
        }
        if let exact = ShortDecimal.value(digits) { return exact }
        literal[length] = 0
        let value = literal.withMemoryRebound(to: CChar.self, capacity: length + 1) { strtod($0, nil) }
        guard value.isFinite else { throw .syntax(offset: start, reason: "the number is too large for a double") }
        return value
    }

    /// A key: straight from the buffer when it lies there whole without escapes (rnote's keys
    /// are short ASCII words, which Swift keeps without allocating), else as any string.
    private func keyString() throws(Failure) -> String {
        let open = position
        if open < count && buffer[open] == UInt8(ascii: "\"") {
            var end = open + 1
            while end < count, end - open <= 1024 {
                let byte = buffer[end]
                if byte == UInt8(ascii: "\"") {
                    position = end + 1
                    return String(decoding: UnsafeBufferPointer(start: buffer + open + 1, count: end - open - 1), as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                end += 1
            }
        }
        return try string(limit: 1024)
    }

    /// A string of at most `limit` UTF-8 bytes once decoded.
    func string(limit: Int) throws(Failure) -> String {
        String(decoding: try stringBytes(limit: limit), as: UTF8.self)
    }

    /// The decoded UTF-8 bytes of a string of at most `limit` bytes (an SVG document, base64 data).
    func stringBytes(limit: Int) throws(Failure) -> [UInt8] {
        try expect(UInt8(ascii: "\""), "a string")
        let start = offset - 1
        var bytes: [UInt8] = []
        while true {
            // Plain runs are copied a buffer at a time.
            let runStart = position
            while position < count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            if position > runStart {
                guard bytes.count + (position - runStart) <= limit else { throw .tooLong(offset: start, what: "a string", limit: limit) }
                bytes.append(contentsOf: UnsafeBufferPointer(start: buffer + runStart, count: position - runStart))
            }
            guard let byte = try nextByte() else { throw .syntax(offset: start, reason: "a string that does not end") }
            switch byte {
            case UInt8(ascii: "\""):
                return bytes
            case UInt8(ascii: "\\"):
                try escape(into: &bytes)
                guard bytes.count <= limit else { throw .tooLong(offset: start, what: "a string", limit: limit) }
            default:
                // A plain byte met at a buffer's end, after a refill.
                if byte < 0x20 { position -= 1; throw syntax("a control character inside a string") }
                guard bytes.count < limit else { throw .tooLong(offset: start, what: "a string", limit: limit) }
                bytes.append(byte)
            }
        }
    }

    private func escape(into bytes: inout [UInt8]) throws(Failure) {
        guard let byte = try nextByte() else { throw syntax("a string that does not end") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if scalar >= 0xD800 && scalar < 0xDC00 {
                // A high surrogate: its low half must follow as another \u escape.
                guard try nextByte() == UInt8(ascii: "\\"), try nextByte() == UInt8(ascii: "u") else {
                    throw syntax("a lone surrogate in a \\u escape")
                }
                let low = try hex4()
                guard low >= 0xDC00 && low < 0xE000 else { throw syntax("a lone surrogate in a \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar < 0xE000 {
                throw syntax("a lone surrogate in a \\u escape")
            }
            bytes.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
        default:
            throw syntax("invalid escape \\\(describe(byte))")
        }
    }

    private func hex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try nextByte() else { throw syntax("a \\u escape cut short") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw syntax("a \\u escape with \(describe(byte))")
            }
            value = value << 4 | digit
        }
        return value
    }

    /// Skips the next value whole, checking its syntax and its depth.
    func skipValue() throws(Failure) {
        switch try peekKind() {
        case .object:
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string: try skipString()
        case .number: _ = try number()
        case .bool: _ = try bool()
        case .null: try word("null")
        }
    }

    private func skipString() throws(Failure) {
        try expect(UInt8(ascii: "\""), "a string")
        let start = offset - 1
        var scratch: [UInt8] = []
        while true {
            while position < count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            guard let byte = try nextByte() else { throw .syntax(offset: start, reason: "a string that does not end") }
            switch byte {
            case UInt8(ascii: "\""): return
            case UInt8(ascii: "\\"): scratch.removeAll(keepingCapacity: true); try escape(into: &scratch)
            default: if byte < 0x20 { position -= 1; throw syntax("a control character inside a string") }
            }
        }
    }
}
