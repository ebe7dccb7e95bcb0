/// Page layers in a compact binary form that gives every value back bit for bit: what an
/// annotation export keeps, one stream a page, as the full-fidelity copy of the page's ink
/// (`docs/annotations.md`, "The packed strokes"). It is the ink-layers line of each layer with
/// its points taken out, then the points column by column as small integers.
///
/// Layout (integers are unsigned LEB128 varints unless said otherwise):
/// - the 16 bytes `magic`;
/// - for each layer: the length of its shell, then the shell: the layer's ink-layers line
///   (`PageLayer.encodedLine`) in which every stroke has one placeholder point; every other
///   value, extension keys included, is there as the ink-layers writer writes it;
/// - after each shell, for each of its strokes in order, a points block: the point count
///   (≥ 1), then the nine fields in file order (`StrokePoint.fieldNames`), each a kind byte
///   and what the kind says:
///   - `0x00…0x1F` (bits 0–3 `d` ≤ 15, bit 4 the order `k` − 1): every value of the column is
///     an integer `n` divided by 10^`d` (exactly: `Double(n) / 10^d` gives its bits back);
///     `count` zig-zag varints follow, the `k`-th differences of the `n` (the first value
///     of each order taken against 0);
///   - `0x20`: one value for every point, its 8 bytes (IEEE 754 binary64, little-endian);
///   - `0x21`: `count` such 8-byte values;
///   - `0x22` (`h` only): each point's `h` is its `w`.
///
/// Decimal text (what every writer of ink puts in a file) becomes a few bits a value, which
/// deflate then packs five times tighter than the same points as JSON text.
public enum PackedLayers {
    public static let magic: [UInt8] = Array("InkPDF-packed 1\n".utf8)

    /// What a points block's kind byte says.
    private enum Kind {
        static let constant: UInt8 = 0x20
        static let raw: UInt8 = 0x21
        static let heightIsWidth: UInt8 = 0x22
        static let maximumDigits = 15
    }

    private static let fieldCount = 9
    private static let w = 3, h = 4
    /// 10^d for d in 0…15, each exact in a double.
    private static let powers: [Double] = (0...Kind.maximumDigits).map { d in (0..<d).reduce(1.0) { value, _ in value * 10 } }
    /// Integers up to this magnitude are exact in a double.
    private static let exactLimit = Double(1 << 53)

    // MARK: Writing

    /// The packed form of `layers` (each stroke with at least one point, every value as the
    /// ink-layers writer accepts it: its errors name `file`).
    public static func encode(_ layers: [PageLayer], file: String = "annotation") throws -> [UInt8] {
        var out = magic
        var json = JSONOutput(capacity: 4096)
        var column: [Double] = []
        for layer in layers {
            json.bytes.removeAll(keepingCapacity: true)
            try InkLayersWriter.encodeShell(layer, into: &json, location: InkLayersWriter.Location(file: file, line: 1))
            appendVarint(UInt64(json.bytes.count), to: &out)
            out.append(contentsOf: json.bytes)
            for stroke in layer.strokes {
                appendPoints(stroke.points, column: &column, to: &out)
            }
        }
        return out
    }

    private static func appendPoints(_ points: [StrokePoint], column: inout [Double], to out: inout [UInt8]) {
        let count = points.count
        appendVarint(UInt64(count), to: &out)
        for field in 0..<fieldCount {
            column.removeAll(keepingCapacity: true)
            for point in points { column.append(point[field: field]) }
            let first = column[0].bitPattern
            // x is never one value for all: every point then takes a byte, and the reader holds a count to the bytes left.
            if field != 0, column.allSatisfy({ $0.bitPattern == first }) {
                out.append(Kind.constant)
                appendRaw(column[0], to: &out)
            } else if field == h, zip(points, column).allSatisfy({ $0.w.bitPattern == $1.bitPattern }) {
                out.append(Kind.heightIsWidth)
            } else if let digits = decimalDigits(column) {
                appendDecimal(column, digits: digits, to: &out)
            } else {
                out.append(Kind.raw)
                for value in column { appendRaw(value, to: &out) }
            }
        }
    }

    /// The fewest decimals `d` with every value exactly `n / 10^d`; nil when there is none.
    private static func decimalDigits(_ column: [Double]) -> Int? {
        digits: for digits in 0...Kind.maximumDigits {
            let power = powers[digits]
            for value in column {
                let scaled = (value * power).rounded()
                // As the reader computes it: an integer (−0 is 0, so it stays raw), then divided.
                guard abs(scaled) < exactLimit, (Double(Int64(scaled)) / power).bitPattern == value.bitPattern else { continue digits }
            }
            return digits
        }
        return nil
    }

    private static func appendDecimal(_ column: [Double], digits: Int, to out: inout [UInt8]) {
        let power = powers[digits]
        let integers = column.map { Int64(($0 * power).rounded()) }
        // First differences for values that wander (pressure, tilt), second for those that move smoothly (x, y, t).
        var first = 0.0, second = 0.0
        var previous: Int64 = 0, previousDifference: Int64 = 0
        for value in integers {
            let difference = value - previous
            first += Double(difference.magnitude)
            second += Double((difference - previousDifference).magnitude)
            previous = value
            previousDifference = difference
        }
        let order = second < first ? 2 : 1
        out.append(UInt8(digits) | (order == 2 ? 0x10 : 0))
        previous = 0
        previousDifference = 0
        for value in integers {
            let difference = value - previous
            appendVarint(zigzag(order == 2 ? difference - previousDifference : difference), to: &out)
            previous = value
            previousDifference = difference
        }
    }

    private static func appendRaw(_ value: Double, to out: inout [UInt8]) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    private static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }

    private static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    // MARK: Reading

    /// The layers of `bytes` (untrusted), held to the ink-layers reader's rules; an error names
    /// `file`, the layer (as `line`, 1-based) and what is wrong. Never reads past `bytes`, never
    /// allocates more points than the bytes left could hold.
    /// `maximumPoints` bounds the points of all the layers together (memory: 72 bytes a point).
    public static func decode(_ bytes: [UInt8], file: String, maximumPoints: Int) throws -> [PageLayer] {
        try bytes.withUnsafeBytes { raw in
            var reader = Reader(raw: raw, file: file, pointsLeft: maximumPoints)
            return try reader.layers()
        }
    }

    private struct Reader {
        let raw: UnsafeRawBufferPointer
        let file: String
        var at = 0
        var layerNumber = 0
        var pointsLeft: Int

        init(raw: UnsafeRawBufferPointer, file: String, pointsLeft: Int) {
            self.raw = raw
            self.file = file
            self.pointsLeft = pointsLeft
        }

        mutating func layers() throws -> [PageLayer] {
            guard raw.count >= magic.count, raw.prefix(magic.count).elementsEqual(magic) else {
                throw damaged("it does not start with \"InkPDF-packed 1\"")
            }
            at = magic.count
            var layers: [PageLayer] = []
            while at < raw.count {
                layerNumber += 1
                let length = try varint("the layer's length")
                guard length >= 1, length <= UInt64(raw.count - at) else { throw damaged("the layer's length \(length) runs past the end") }
                let shellEnd = at + Int(length)
                var layer = try InkLayersReader.parseLayer(UnsafeRawBufferPointer(rebasing: raw[at..<shellEnd]),
                                                          file: file, line: layerNumber)
                at = shellEnd
                for index in layer.strokes.indices {
                    let points = try self.points(stroke: index + 1)
                    for (number, point) in points.enumerated() where !point.isValid {
                        let broken = point.brokenRule!
                        throw InkLayersError(file: file, line: layerNumber, page: layer.page, stroke: index + 1,
                                             point: number + 1, field: broken.field, problem: broken.problem)
                    }
                    layer.strokes[index].points = points
                }
                layers.append(layer)
            }
            return layers
        }

        private mutating func points(stroke: Int) throws -> [StrokePoint] {
            let declared = try varint("stroke \(stroke)'s point count")
            // Every point takes at least a byte of x (never one value for all), so a count is held to the bytes left.
            guard declared >= 1, declared <= UInt64(raw.count - at) else {
                throw damaged("stroke \(stroke) says it has \(declared) points, more than the bytes left")
            }
            let count = Int(declared)
            guard count <= pointsLeft else {
                throw InkLayersError(file: file, line: layerNumber, stroke: stroke, field: "points",
                                     problem: "more points than inkpdf reads from one page's packed strokes")
            }
            pointsLeft -= count
            var points = [StrokePoint](repeating: InkLayersWriter.shellPoint, count: count)
            for field in 0..<fieldCount {
                var name: String { StrokePoint.fieldNames[field] }
                guard at < raw.count else { throw damaged("stroke \(stroke) ends before its \(name) values") }
                let kind = raw[at]
                at += 1
                guard field != 0 || kind != Kind.constant else { throw damaged("stroke \(stroke)'s x values are not a column") }
                switch kind {
                case Kind.constant:
                    let value = try double(name, stroke: stroke)
                    for index in 0..<count { points[index][field: field] = value }
                case Kind.raw:
                    guard count <= (raw.count - at) / 8 else { throw damaged("stroke \(stroke)'s \(name) values run past the end") }
                    for index in 0..<count { points[index][field: field] = try double(name, stroke: stroke) }
                case Kind.heightIsWidth where field == h:
                    for index in 0..<count { points[index].h = points[index].w }
                case 0x00...0x1F where Int(kind & 0x0F) <= Kind.maximumDigits:
                    let power = powers[Int(kind & 0x0F)]
                    let secondOrder = kind & 0x10 != 0
                    var value: Int64 = 0, difference: Int64 = 0
                    for index in 0..<count {
                        let step = unzigzag(try varint("stroke \(stroke)'s \(name) values"))
                        // Every value stays below 2^53 in magnitude (the writer's), so nothing here overflows unless damaged.
                        guard step.magnitude < 1 << 55 else { throw damaged("stroke \(stroke)'s \(name) value \(index + 1) is out of range") }
                        if secondOrder { difference += step } else { difference = step }
                        value += difference
                        guard value.magnitude < 1 << 53, difference.magnitude < 1 << 54 else {
                            throw damaged("stroke \(stroke)'s \(name) value \(index + 1) is out of range")
                        }
                        points[index][field: field] = Double(value) / power
                    }
                default:
                    throw damaged("stroke \(stroke)'s \(name) values are of an unknown kind (\(kind))")
                }
            }
            return points
        }

        private mutating func double(_ name: String, stroke: Int) throws -> Double {
            guard raw.count - at >= 8 else { throw damaged("stroke \(stroke)'s \(name) value runs past the end") }
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(raw[at + index]) << UInt64(8 * index) }
            at += 8
            return Double(bitPattern: bits)
        }

        /// `what` names the value in an error only: not built unless one is raised.
        private mutating func varint(_ what: @autoclosure () -> String) throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                guard at < raw.count else { throw damaged("\(what()) run past the end") }
                let byte = raw[at]
                at += 1
                guard shift < 64, shift < 63 || byte <= 1 else { throw damaged("\(what()): a number is too long") }
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        private func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }

        private func damaged(_ problem: String) -> InkLayersError {
            InkLayersError(file: file, line: max(layerNumber, 1), problem: "packed strokes damaged at byte \(at): \(problem)")
        }
    }
}

extension StrokePoint {
    /// Field `index` in file order (`fieldNames`).
    subscript(field index: Int) -> Double {
        get {
            switch index {
            case 0: x
            case 1: y
            case 2: t
            case 3: w
            case 4: h
            case 5: opacity
            case 6: force
            case 7: azimuth
            default: altitude
            }
        }
        set {
            switch index {
            case 0: x = newValue
            case 1: y = newValue
            case 2: t = newValue
            case 3: w = newValue
            case 4: h = newValue
            case 5: opacity = newValue
            case 6: force = newValue
            case 7: azimuth = newValue
            default: altitude = newValue
            }
        }
    }
}
