/// Bytes of JSON being built for one or more lines, with the number and
/// string forms the ink-layers format fixes.
struct JSONOutput {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends ASCII text such as a key with its quotes and colon, spelled out by the caller.
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }

    /// Appends a finite number in its shortest round-trip form; integral values
    /// up to 2^53 print as integers (`1`, `-0`), others as
    /// plain decimals (`0.25`) or Swift's `description` (`1e-07`,
    /// `1.7976931348623157e+308`).
    /// Returns false, appending nothing, for infinities and NaN, which JSON cannot hold.
    @inline(__always)
    mutating func append(number value: Double) -> Bool {
        guard value.isFinite else { return false }
        let magnitude = value.magnitude
        if magnitude <= 9007199254740992 && value.rounded(.towardZero) == value {
            if value == 0 && value.sign == .minus {
                append("-0")
            } else {
                append(integer: Int64(value))
            }
            return true
        }
        if magnitude >= 1e-4 && magnitude < 1e15 && appendShortDecimal(value) { return true }
        var text = value.description
        text.withUTF8 { utf8 in
            // `description` may end an integral value in ".0" (`1e+16` it does not); JSON wants no such tail.
            let count = utf8.count
            let trimmed = count > 2 && utf8[count - 2] == UInt8(ascii: ".") && utf8[count - 1] == UInt8(ascii: "0")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[0..<(trimmed ? count - 2 : count)]))
        }
        return true
    }

    /// Writes `value` as `digits / 10^k` with the fewest decimals `k` ≤ 8 whose
    /// digits fit in 2^53, if there is one. With both `digits` and `10^k`
    /// exact, `Double(digits) / 10^k` is the correctly rounded value of that
    /// decimal, which is what every correct reader (strtod, our fast path)
    /// computes; so equality proves the text reads back bit for bit.
    /// Swift's general formatter costs about 35 ns a number; handwriting data
    /// (coordinates in hundredths, times in milliseconds) mostly ends here in a few.
    @inline(__always)
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        var scale = 1
        while scale <= 8 {
            let power = JSONOutput.powersOfTen[scale]
            let scaled = magnitude * power
            if scaled >= 9007199254740992 { return false }
            // Truncating `scaled + 0.5` rounds without a call into libm; a wrong
            // neighbour would only fail the exactness check below.
            let digits = UInt64(scaled + 0.5)
            if Double(digits) / power == magnitude {
                appendDecimal(digits, decimals: scale, negative: value < 0)
                return true
            }
            scale += 1
        }
        return false
    }

    private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

    /// Appends `digits` with a decimal point `decimals` places from the right (`1234`, 2 → `12.34`; `5`, 3 → `0.005`).
    private mutating func appendDecimal(_ digits: UInt64, decimals: Int, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var start = 32
            var remaining = digits
            var written = 0
            while remaining != 0 || written <= decimals {
                if written == decimals {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
                remaining /= 10
                written += 1
            }
            if negative { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<32]))
        }
    }

    mutating func append(integer value: Int64) {
        // Digits are produced backwards into a small stack buffer; 20 holds any Int64.
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
        }
    }

    mutating func append(integer value: Int) { append(integer: Int64(value)) }

    /// Appends a quoted JSON string: `"` and `\` escaped, control characters as
    /// `\n`, `\t`… or `\u00XX`, everything else (all non-ASCII) as UTF-8, verbatim.
    mutating func append(string: String) {
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                              hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// Appends a kept value; numbers are written as the literal text they hold.
    /// Returns false if a number's text is not a JSON number (a value built by
    /// hand, never one the reader produced), appending part of the value.
    mutating func append(value: JSONValue) -> Bool {
        switch value {
        case .null: append("null")
        case .bool(let flag): if flag { append("true") } else { append("false") }
        case .number(let literal):
            guard JSONNumberSyntax.isValid(literal) else { return false }
            var literal = literal
            literal.withUTF8 { bytes.append(contentsOf: $0) }
        case .string(let text): append(string: text)
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                guard append(value: element) else { return false }
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            guard append(members: object, after: false) else { return false }
            append(UInt8(ascii: "}"))
        }
        return true
    }

    /// Appends `"key":value` pairs, each preceded by a comma when `after` is
    /// true or it is not the first; keys listed in `skipping` are left out
    /// because the model's own field for them wins.
    mutating func append(members object: JSONObject, after: Bool, skipping defined: Set<String> = []) -> Bool {
        var needsComma = after
        for (key, value) in object.entries where !defined.contains(key) {
            if needsComma { append(UInt8(ascii: ",")) }
            needsComma = true
            append(string: key)
            append(UInt8(ascii: ":"))
            guard append(value: value) else { return false }
        }
        return true
    }
}
