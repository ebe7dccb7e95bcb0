#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import InkModel

/// Number parsing as Xournal++ does it (`g_ascii_strtod`, `strtoull`): a
/// number is the longest prefix that reads as one, so `"1ll"` is 1 and
/// `"12.5pt"` is 12.5; `nan` and `inf` read as themselves and are judged by
/// the caller. The process runs in the C locale, so `strtod` reads `.` as
/// the decimal point like `g_ascii_strtod`.
enum XournalNumbers {
    /// The leading number of `text`, or nil when it does not start with one.
    static func leadingDouble(_ text: String) -> Double? {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            return end == UnsafeMutablePointer(mutating: start) ? nil : value
        }
    }

    /// The leading unsigned integer of `text` (`"1ll"` → 1), or nil.
    static func leadingInteger(_ text: String) -> Int? {
        var value = 0
        var seen = false
        for byte in text.utf8.drop(while: { $0 == UInt8(ascii: " ") }) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = sum
            seen = true
        }
        return seen ? value : nil
    }

    /// The leading 32-bit integer of `text` as Xournal++ reads an `int` attribute (`std::from_chars`):
    /// an optional `-`, then digits, the rest ignored (`"1e19"` → 1, `"128.5"` → 128); nil when
    /// it does not start with one or does not fit 32 bits (Xournal++ then uses the default).
    static func leadingInt32(_ text: String) -> Int32? {
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        var magnitude: Int64 = 0
        var seen = false
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            magnitude = magnitude * 10 + Int64(byte - UInt8(ascii: "0"))
            // Past 2^31 no later digit brings it back: out of range.
            guard magnitude <= Int64(Int32.max) + 1 else { return nil }
            seen = true
        }
        guard seen else { return nil }
        let value = negative ? -magnitude : magnitude
        return Int32(exactly: value)
    }

    /// Appends the numbers of a whitespace-separated list to `out`, stopping at
    /// the first text that is not a number (as Xournal++ does) or after `limit`
    /// numbers. Returns whether anything but whitespace was left unread.
    @discardableResult
    static func scanList(_ text: UnsafePointer<CChar>, into out: inout [Double], limit: Int) -> (leftover: Bool, overLimit: Bool) {
        var cursor = UnsafeMutablePointer(mutating: text)
        // Room for as many numbers as the text can hold (each takes a digit and a separator), up to
        // the limit: the list is not grown and copied again every time it doubles.
        out.reserveCapacity(out.count + min(strlen(text) / 2 + 1, max(limit - out.count, 0) + 1))
        while true {
            // A short plain decimal followed by whitespace or the end (what Xournal++ writes) is
            // read on `ShortDecimal`'s fast path, to the same bits; anything else by `strtod`.
            var start = cursor
            while isWhitespace(start.pointee) { start += 1 }
            if let (value, length) = ShortDecimal.prefix(UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self), limit: .max),
               start[length] == 0 || isWhitespace(start[length]) {
                if out.count >= limit { return (false, true) }
                out.append(value)
                cursor = start + length
                continue
            }
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(cursor, &end)
            guard let end, end != cursor else { break }
            if out.count >= limit { return (false, true) }
            out.append(value)
            cursor = end
        }
        while cursor.pointee != 0 {
            switch UInt8(bitPattern: cursor.pointee) {
            case 0x20, 0x09, 0x0A, 0x0D: cursor += 1
            default: return (true, false)
            }
        }
        return (false, false)
    }

    /// The bytes `strtod` skips before a number (C's `isspace`).
    @inline(__always) private static func isWhitespace(_ c: CChar) -> Bool {
        c == 0x20 || (c >= 0x09 && c <= 0x0D)
    }

    @discardableResult
    static func scanList(_ text: String, into out: inout [Double], limit: Int) -> (leftover: Bool, overLimit: Bool) {
        text.withCString { scanList($0, into: &out, limit: limit) }
    }
}
