/// A short plain decimal (`-12.375`: an optional minus, digits, at most one point followed by
/// digits, no exponent, at most 15 digits in all) as the `Double` `strtod` gives for it: the
/// digits are exact in a double and so is the power of ten, so one division rounds correctly
/// (Clinger's fast path). How most coordinates in ink files are written (Xournal++ and rnote
/// write three decimals); a reader converts anything else with `strtod`.
///
/// Inlinable, with the powers of ten as constants: it runs once a number in an import's hot loop.
public enum ShortDecimal {
    /// The value of `bytes`, or nil when they are not such a decimal.
    @inlinable @inline(__always)
    public static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let base = bytes.baseAddress, let (value, length) = prefix(base, limit: bytes.count), length == bytes.count else {
            return nil
        }
        return value
    }

    /// The decimal at the start of the `limit` bytes at `start` (it ends at the first byte that is
    /// neither a digit nor its point, or at `limit`), and how many bytes it takes; nil when they do
    /// not start with such a decimal, or it goes on as something `strtod` reads further (a second
    /// point, an exponent, a 16th digit), or it ends in its point. The caller says what may follow.
    @inlinable @inline(__always)
    public static func prefix(_ start: UnsafePointer<UInt8>, limit: Int) -> (value: Double, length: Int)? {
        var index = 0
        let negative = limit > 0 && start[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fraction = 0
        var point = false
        while index < limit {
            let byte = start[index]
            if byte &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                digits += 1
                if point { fraction += 1 }
            } else if byte == UInt8(ascii: "."), !point, digits > 0 {
                point = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0, digits <= 15, !point || fraction > 0 else { return nil }
        if index < limit, start[index] | 0x20 == UInt8(ascii: "e") || start[index] == UInt8(ascii: ".") { return nil }
        let value = Double(mantissa) / powerOfTen(fraction)
        return (negative ? -value : value, index)
    }

    /// 10^`exponent` for 0 … 22, each exact in a double (constants: no lazy global to check
    /// on every number, as a static array has).
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }
}
