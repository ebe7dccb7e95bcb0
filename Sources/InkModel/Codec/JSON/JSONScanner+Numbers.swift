#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Number parsing, the cost that decides how fast a file reads (nine numbers
/// a point, tens of millions of them in a large file).
///
/// Clinger's fast path: up to 19 significant digits go into a `UInt64`; when
/// that integer is at most 2^53 (so a `Double` holds it exactly) and the
/// decimal exponent is within ±22 (so 10^|e| is exact too), one IEEE
/// multiplication or division gives the correctly rounded result, the same
/// bits `strtod` returns. Everything else goes to `strtod` itself.
extension JSONScanner {
    /// Whether a number starts at `index` (a digit or `-`).
    @inline(__always)
    var atNumber: Bool {
        index < end && (base[index] &- UInt8(ascii: "0") < 10 || base[index] == UInt8(ascii: "-"))
    }

    /// Parses the number at `index` (which must satisfy `atNumber` or be an
    /// error) to the `Double` that `strtod` gives for it: infinite when it
    /// overflows (the caller reports that), zero when it underflows.
    @inline(__always)
    mutating func parseDouble() throws(JSONSyntaxError) -> Double {
        let start = index
        var i = index
        let negative = base[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end, base[i] &- UInt8(ascii: "0") < 10 else { throw invalidNumber(at: start) }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        // True when a nonzero digit beyond the 19th was dropped: the fast path can't be exact.
        var dropped = false
        if base[i] == UInt8(ascii: "0") {
            i += 1
            if i < end && base[i] &- UInt8(ascii: "0") < 10 { throw invalidNumber(at: start) }
        } else {
            while i < end {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    exponent += 1
                    if digit != 0 { dropped = true }
                }
                i += 1
            }
        }
        if i < end && base[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end, base[i] &- UInt8(ascii: "0") < 10 else { throw invalidNumber(at: start) }
            while i < end {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else if digit != 0 {
                    dropped = true
                }
                i += 1
            }
        }
        if i < end && base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end && (base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-")) {
                exponentNegative = base[i] == UInt8(ascii: "-")
                i += 1
            }
            guard i < end, base[i] &- UInt8(ascii: "0") < 10 else { throw invalidNumber(at: start) }
            var written = 0
            while i < end {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Beyond a million the result is 0 or infinite anyway; stop growing.
                if written < 1_000_000 { written = written * 10 + Int(digit) }
                i += 1
            }
            exponent += exponentNegative ? -written : written
        }
        index = i
        if !dropped {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                let value = Double(mantissa)
                let scaled = exponent < 0
                    ? value / ShortDecimal.powerOfTen(-exponent)
                    : value * ShortDecimal.powerOfTen(exponent)
                return negative ? -scaled : scaled
            }
        }
        return Self.strtodC(base + start, count: i - start)
    }

    /// `strtod` in the C locale (so `.` is the decimal point whatever the
    /// process's locale) on a NUL-terminated copy of the literal.
    static func strtodC(_ literal: UnsafePointer<UInt8>, count: Int) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { copy in
            UnsafeMutableRawPointer(copy.baseAddress!).copyMemory(from: literal, byteCount: count)
            copy[count] = 0
            let previous = uselocale(cNumericLocale)
            defer { uselocale(previous) }
            return strtod(copy.baseAddress!, nil)
        }
    }

    /// The value of a number literal already checked against the grammar
    /// (a `JSONValue.number`), with the same bits `parseDouble` gives.
    static func double(fromLiteral literal: String) -> Double? {
        var literal = literal
        return literal.withUTF8 { utf8 -> Double? in
            var scanner = JSONScanner(UnsafeRawBufferPointer(utf8))
            guard scanner.atNumber, let value = try? scanner.parseDouble(), scanner.isAtEnd else { return nil }
            return value
        }
    }

    /// The value of an integer literal (no fraction, no exponent) that fits in an `Int`.
    static func integer(fromLiteral literal: String) -> Int? {
        guard !literal.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) else {
            return nil
        }
        return Int(literal)
    }
}

/// A C locale for `strtod`, made once; `uselocale` switches only the calling thread to it.
nonisolated(unsafe) private let cNumericLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
