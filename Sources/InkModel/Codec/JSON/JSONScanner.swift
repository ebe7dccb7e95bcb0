#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A strict JSON (RFC 8259) scanner over the bytes of one line.
///
/// Written directly against the bytes because Foundation's decoders are far
/// too slow for files of hundreds of megabytes. It is also the validator: anything that is not
/// JSON (trailing commas, `NaN`, `+1`, `.5`, leading zeros, bad escapes,
/// control characters or invalid UTF-8 in strings, nesting deeper than
/// `maxDepth`) is a `JSONSyntaxError` with its byte offset.
struct JSONScanner {
    static let maxDepth = 512

    let base: UnsafePointer<UInt8>
    let end: Int
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        // An empty buffer may have no address; any readable address will do since nothing is read.
        base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? JSONScanner.emptyBytes
        end = bytes.count
    }

    // Never written after creation, so sharing it across threads is safe.
    nonisolated(unsafe) private static let emptyBytes: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    var isAtEnd: Bool { index >= end }

    /// The byte at `index`, or 0 at the end (0 starts no JSON token, so callers
    /// that see it report "unexpected end of line" by checking `isAtEnd`).
    @inline(__always)
    var current: UInt8 { index < end ? base[index] : 0 }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A else { return }
            index += 1
        }
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, reason: reason)
    }

    /// "unexpected end of line" or "unexpected 'x'", for a byte where `expected` should be.
    func unexpected(expected: String) -> JSONSyntaxError {
        guard index < end else { return error("unexpected end of line; expected \(expected)") }
        return error("expected \(expected), found \(Self.describe(base[index]))")
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    }

    /// Consumes `byte` (after whitespace) or throws, naming what was expected.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ description: @autoclosure () -> String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < end && base[index] == byte else { throw unexpected(expected: description()) }
        index += 1
    }

    /// After the top-level value: only whitespace may follow.
    mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index >= end else { throw error("unexpected \(Self.describe(base[index])) after the JSON value") }
    }

    /// Steps over the `,` between members or elements, or the closing bracket.
    /// Returns true if another member follows, false at the closing bracket.
    /// A trailing comma (`[1,]`) is an error here.
    @inline(__always)
    mutating func nextMember(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < end else {
            throw unexpected(expected: closing == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'")
        }
        let byte = base[index]
        if byte == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if byte == closing {
            index += 1
            return false
        }
        throw unexpected(expected: closing == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'")
    }

    /// After `[` or `{` has been consumed: whether the container is empty (consuming the closing bracket if so).
    @inline(__always)
    mutating func closesImmediately(_ closing: UInt8) -> Bool {
        skipWhitespace()
        if index < end && base[index] == closing {
            index += 1
            return true
        }
        return false
    }

    /// Parses `"key":` (the opening quote is at `index` after whitespace), leaving `index` after the colon.
    mutating func parseKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard index < end && base[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key") }
        let key = try parseString()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    // MARK: Strings

    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        let contentStart = index
        var isASCII = true
        // Fast path: no escapes, so the string is the bytes between the quotes.
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let bytes = UnsafeBufferPointer(start: base + contentStart, count: index - contentStart)
                index += 1
                if isASCII { return String(decoding: bytes, as: UTF8.self) }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw error("invalid UTF-8 in the string", at: quote)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character \(Self.describe(byte)) in a string; it must be escaped") }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        guard index < end else { throw error("unterminated string", at: quote) }
        var decoded = Array(UnsafeBufferPointer(start: base + contentStart, count: index - contentStart))
        try continueEscapedString(into: &decoded)
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw error("invalid UTF-8 in the string", at: quote)
        }
        return text
    }

    /// Decodes the rest of a string whose first escape is at `index`.
    private mutating func continueEscapedString(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let quote = index
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if byte < 0x20 { throw error("control character \(Self.describe(byte)) in a string; it must be escaped") }
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escapeStart = index
            index += 1
            guard index < end else { break }
            let escape = base[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try parseUnicodeEscape(escapeStart: escapeStart)
                decoded.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: escapeStart)
            }
        }
        throw error("unterminated string", at: quote)
    }

    /// The scalar of a `\u` escape whose four digits start at `index` (the `\u` at
    /// `escapeStart`): a high surrogate must be followed by an escaped low one, a low
    /// surrogate may not stand alone.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        let scalar = try parseHex4(escapeStart: escapeStart)
        if scalar >= 0xDC00 && scalar < 0xE000 { throw error("\\u escape is an unpaired surrogate", at: escapeStart) }
        guard scalar >= 0xD800 && scalar < 0xDC00 else { return scalar }
        guard index + 1 < end && base[index] == UInt8(ascii: "\\") && base[index + 1] == UInt8(ascii: "u") else {
            throw error("\\u escape is an unpaired surrogate", at: escapeStart)
        }
        index += 2
        let low = try parseHex4(escapeStart: escapeStart)
        guard low >= 0xDC00 && low < 0xE000 else { throw error("\\u escape is an unpaired surrogate", at: escapeStart) }
        return 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= end else { throw error("\\u escape needs four hexadecimal digits", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u escape needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Any value

    /// Parses any value into a `JSONValue`, numbers kept as their literal text.
    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < end else { throw unexpected(expected: "a value") }
        switch base[index] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            index += 1
            var object = JSONObject()
            if closesImmediately(UInt8(ascii: "}")) { return .object(object) }
            repeat {
                let key = try parseKey()
                object.entries.append((key, try parseValue(depth: depth + 1)))
            } while try nextMember(closing: UInt8(ascii: "}"))
            return .object(object)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            index += 1
            var elements: [JSONValue] = []
            if closesImmediately(UInt8(ascii: "]")) { return .array(elements) }
            repeat {
                elements.append(try parseValue(depth: depth + 1))
            } while try nextMember(closing: UInt8(ascii: "]"))
            return .array(elements)
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        default:
            return .number(try parseNumberLiteral())
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= end, memcmp(base + index, word.utf8Start, count) == 0 else {
            throw error("invalid literal; expected \(word)")
        }
        index += count
        if index < end && Self.isWordByte(base[index]) { throw error("invalid literal; expected \(word)", at: index - count) }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte &- UInt8(ascii: "0") < 10
    }

    /// The literal text of the number at `index`, checked against the JSON grammar.
    mutating func parseNumberLiteral() throws(JSONSyntaxError) -> String {
        let start = index
        guard let length = JSONNumberSyntax.length(UnsafeRawBufferPointer(start: base, count: end), from: start) else {
            throw invalidNumber()
        }
        index += length
        if index < end && Self.isWordByte(base[index]) { throw invalidNumber(at: start) }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: length), as: UTF8.self)
    }

    /// The error for something at `index` that should have been a number (or, generally, a value).
    func invalidNumber(at offset: Int? = nil) -> JSONSyntaxError {
        let at = offset ?? index
        guard at < end else { return error("unexpected end of line; expected a value") }
        let byte = base[at]
        if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
            return error("invalid number (JSON numbers have no '+', leading zeros or bare '.')", at: at)
        }
        if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") {
            return error("invalid value; JSON has no NaN or Infinity", at: at)
        }
        return error("expected a value, found \(Self.describe(byte))", at: at)
    }

    // MARK: Skipping

    /// Steps over any value without building it, as strict as `parseValue`: the
    /// whole JSON grammar (literals, numbers, escapes, control characters, UTF-8,
    /// nesting up to `maxDepth`) is checked and a violation is the same
    /// `JSONSyntaxError` at the same place. Used to find `page` fast in lines
    /// that are then kept as they are.
    mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        skipWhitespace()
        guard index < end else { throw unexpected(expected: "a value") }
        switch base[index] {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            index += 1
            if closesImmediately(UInt8(ascii: "}")) { return }
            repeat {
                skipWhitespace()
                guard index < end && base[index] == UInt8(ascii: "\"") else { throw unexpected(expected: "a string key") }
                try skipString()
                try expect(UInt8(ascii: ":"), "':'")
                try skipValue(depth: depth + 1)
            } while try nextMember(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nesting deeper than \(Self.maxDepth) levels") }
            index += 1
            if closesImmediately(UInt8(ascii: "]")) { return }
            repeat {
                // Numbers (most of a layer: its points) are stepped over here, not in a call each.
                skipWhitespace()
                if index < end, base[index] &- UInt8(ascii: "0") < 10 || base[index] == UInt8(ascii: "-") {
                    let start = index
                    guard let length = JSONNumberSyntax.length(UnsafeRawBufferPointer(start: base, count: end), from: start) else {
                        throw invalidNumber()
                    }
                    index += length
                    if index < end && Self.isWordByte(base[index]) { throw invalidNumber(at: start) }
                } else {
                    try skipValue(depth: depth + 1)
                }
            } while try nextMember(closing: UInt8(ascii: "]"))
        case UInt8(ascii: "t"):
            try expectWord("true")
        case UInt8(ascii: "f"):
            try expectWord("false")
        case UInt8(ascii: "n"):
            try expectWord("null")
        default:
            let start = index
            guard let length = JSONNumberSyntax.length(UnsafeRawBufferPointer(start: base, count: end), from: start) else {
                throw invalidNumber()
            }
            index += length
            if index < end && Self.isWordByte(base[index]) { throw invalidNumber(at: start) }
        }
    }

    /// Steps over a string, starting at its opening quote, checking it as `parseString`
    /// does (control characters, escapes, surrogate pairs, UTF-8) without decoding it.
    mutating func skipString() throws(JSONSyntaxError) {
        let quote = index
        index += 1
        var isASCII = true
        while index < end {
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                // Escapes are ASCII and decode to whole characters, so the raw bytes are valid
                // UTF-8 exactly when the decoded ones are.
                if !isASCII && String(validating: UnsafeBufferPointer(start: base + quote + 1, count: index - quote - 2),
                                      as: UTF8.self) == nil {
                    throw error("invalid UTF-8 in the string", at: quote)
                }
                return
            }
            if byte < 0x20 { throw error("control character \(Self.describe(byte)) in a string; it must be escaped") }
            if byte >= 0x80 { isASCII = false }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            let escapeStart = index
            index += 1
            guard index < end else { break }
            let escape = base[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                _ = try parseUnicodeEscape(escapeStart: escapeStart)
            default:
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in a string", at: escapeStart)
            }
        }
        throw error("unterminated string", at: quote)
    }
}
