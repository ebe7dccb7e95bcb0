#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a `<trace>`'s text into channel values, point by point, as the
/// recommendation's trace grammar has it:
///
/// - points are separated by `,`; within a point, values come in the trace
///   format's channel order (regular channels, then optionally intermittent
///   ones), separated by white space, or by nothing where the next value starts
///   with a sign or a prefix (`3-5`, `'23'43`). Without intermittent channels a
///   point also ends once every channel has its value (the comma-less form of
///   early drafts, still written by some tools);
/// - a value is a decimal or double (`1.5`, `-2e3`), a hex integer (`#1F`), `T` or
///   `F` (booleans: 1 and 0), `*` (the previous point's value again) or `?` (a value
///   not known: the previous point's value, or the channel's default for the first);
/// - a value may carry a prefix that sets how the channel is read from then on,
///   until another prefix changes it: `!` explicit values, `'` first differences
///   (the change from the previous point), `"` second differences (the change of
///   that change). The first point of a trace has no previous point: a difference
///   there counts from 0.
///
/// Values are kept as doubles, flat (`channelCount` a point), so a trace costs 8
/// bytes a value; integers of up to 15 digits are read without `strtod`, exactly.
struct InkMLTraceDecoder {
    enum Mode: UInt8 { case explicit, first, second }

    /// What went wrong, and at which point (1-based).
    struct Failure: Error {
        var problem: String
        var point: Int
        /// Whether the point would pass `maximumValues` (the document's budget) rather than break the grammar.
        var passesBudget = false
    }

    let channelCount: Int
    let regularCount: Int
    let maximumPoints: Int
    /// The most values (points × channels) this trace may hold: what the document has left.
    let maximumValues: Int
    private let defaults: [Double]
    private var modes: [Mode]
    private var last: [Double]
    private var velocity: [Double]
    private var hasPrevious = false
    private var current: [Double]
    private var filled = 0
    private(set) var values: [Double] = []
    private(set) var pointCount = 0
    /// How many values were `?` (not known).
    private(set) var unknownValues = 0

    init(format: InkMLTraceFormat, maximumPoints: Int, maximumValues: Int = .max) {
        channelCount = format.channels.count
        regularCount = format.regularCount
        self.maximumPoints = maximumPoints
        self.maximumValues = maximumValues
        defaults = format.channels.map(\.defaultValue)
        modes = Array(repeating: .explicit, count: channelCount)
        last = Array(repeating: 0, count: channelCount)
        velocity = Array(repeating: 0, count: channelCount)
        current = defaults
    }

    /// Reads more of the trace's text (a NUL-terminated chunk; chunks meet at a value's end).
    mutating func feed(_ text: UnsafePointer<CChar>) throws(Failure) {
        var p = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
        while true {
            let byte = p.pointee
            switch byte {
            case 0:
                return
            case 0x20, 0x09, 0x0A, 0x0D:
                p += 1
            case UInt8(ascii: ","):
                try endPoint()
                p += 1
            default:
                try readValue(&p)
            }
        }
    }

    /// Ends the trace: the last point (no comma after it).
    mutating func finish() throws(Failure) {
        try endPoint()
    }

    private func fail(_ problem: String) -> Failure {
        Failure(problem: problem, point: pointCount + 1)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func readValue(_ p: inout UnsafePointer<UInt8>) throws(Failure) {
        // A point that has every channel's value ends here when no intermittent channel could follow.
        if filled == channelCount {
            guard regularCount == channelCount else {
                throw fail("more values than the \(channelCount) channels of the trace format before a ','")
            }
            try endPoint()
        }
        var mode: Mode?
        switch p.pointee {
        case UInt8(ascii: "!"): mode = .explicit; p += 1
        case UInt8(ascii: "'"): mode = .first; p += 1
        case UInt8(ascii: "\""): mode = .second; p += 1
        default: break
        }
        while Self.isSpace(p.pointee) { p += 1 }
        let index = filled
        if let mode { modes[index] = mode }
        switch p.pointee {
        case UInt8(ascii: "T"), UInt8(ascii: "F"):
            assign(p.pointee == UInt8(ascii: "T") ? 1 : 0, to: index, explicit: true)
            p += 1
            return
        case UInt8(ascii: "*"):
            assign(hasPrevious ? last[index] : defaults[index], to: index, explicit: true)
            p += 1
            return
        case UInt8(ascii: "?"):
            unknownValues += 1
            current[index] = hasPrevious ? last[index] : defaults[index]
            filled += 1
            p += 1
            return
        default:
            break
        }
        var negative = false
        if p.pointee == UInt8(ascii: "-") || p.pointee == UInt8(ascii: "+") {
            negative = p.pointee == UInt8(ascii: "-")
            p += 1
            while Self.isSpace(p.pointee) { p += 1 }
        }
        let start = p
        var number: Double
        if p.pointee == UInt8(ascii: "#") {
            p += 1
            var value = 0.0
            var digits = 0
            while true {
                let byte = p.pointee
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: digit = 0xFF
                }
                if digit == 0xFF { break }
                value = value * 16 + Double(digit)
                digits += 1
                p += 1
            }
            guard digits > 0 else { throw fail("'#' without hex digits after it") }
            number = value
        } else {
            var integer: Int64 = 0
            var digits = 0
            while Self.isDigit(p.pointee), digits < 15 {
                integer = integer * 10 + Int64(p.pointee - 0x30)
                digits += 1
                p += 1
            }
            let next = p.pointee
            if digits > 0, !Self.isDigit(next), next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E") {
                number = Double(integer)
            } else {
                guard digits > 0 || (next == UInt8(ascii: ".") && Self.isDigit((p + 1).pointee)) else {
                    let shown = String(decoding: UnsafeBufferPointer(start: start, count: Self.length(start, limit: 12)), as: UTF8.self)
                    throw fail(shown.isEmpty ? "a value is missing after a sign or prefix" : "'\(shown)' is not a value (a number, #hex, T, F, * or ?)")
                }
                // The general form (fraction, exponent, long integers): strtod from the first digit,
                // which reads no sign, hex or name from here ("0x" cannot follow a digit run that stopped).
                var end: UnsafeMutablePointer<CChar>?
                number = UnsafeRawPointer(start).withMemoryRebound(to: CChar.self, capacity: 1) { strtod($0, &end) }
                guard let end else { throw fail("unreadable number") }
                p = UnsafeRawPointer(end).assumingMemoryBound(to: UInt8.self)
            }
        }
        guard number.isFinite else { throw fail("a value that is not a finite number") }
        assign(negative ? -number : number, to: index, explicit: false)
    }

    private static func length(_ start: UnsafePointer<UInt8>, limit: Int) -> Int {
        var n = 0
        while n < limit, start[n] != 0, !isSpace(start[n]), start[n] != UInt8(ascii: ",") { n += 1 }
        return n
    }

    /// Stores the value read for channel `index`, undoing the channel's difference mode
    /// (`literal`: `T`, `F` and `*` are values, never differences).
    private mutating func assign(_ raw: Double, to index: Int, explicit literal: Bool) {
        let previous = hasPrevious ? last[index] : 0
        let value: Double
        switch literal ? .explicit : modes[index] {
        case .explicit:
            value = raw
        case .first:
            value = previous + raw
        case .second:
            velocity[index] += raw
            value = previous + velocity[index]
        }
        if literal || modes[index] != .second { velocity[index] = hasPrevious ? value - previous : 0 }
        current[index] = value
        filled += 1
    }

    private mutating func endPoint() throws(Failure) {
        guard filled > 0 else { return }
        guard filled >= regularCount else {
            throw fail("\(filled) value\(filled == 1 ? "" : "s") for the \(regularCount) regular channels of the trace format")
        }
        guard pointCount < maximumPoints else { throw fail("more than \(maximumPoints) points in one trace") }
        // Every point holds a value for every channel, those it leaves out too: count them before they are kept.
        guard channelCount <= maximumValues - values.count else {
            var failure = fail("the point's \(channelCount) channel values pass what the document may hold")
            failure.passesBudget = true
            throw failure
        }
        // Intermittent channels the point leaves out keep their previous value (or default).
        for index in filled..<channelCount { current[index] = hasPrevious ? last[index] : defaults[index] }
        for index in 0..<channelCount {
            guard current[index].isFinite else { throw fail("a value that adds up to more than a finite number") }
            last[index] = current[index]
        }
        values.append(contentsOf: current)
        pointCount += 1
        hasPrevious = true
        filled = 0
    }
}
