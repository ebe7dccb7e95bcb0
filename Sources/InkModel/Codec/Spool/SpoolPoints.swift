/// A stroke's points as the spool keeps them: only what varies along the stroke.
///
/// The block is the point count (a native 64-bit integer), a mask (64 bits: bit `i` set when
/// field `i` of `StrokePoint.fieldNames` differs between points, and always for x; bit 63 when
/// `h` is `w` in every point), one native double for each field that does not vary (and is not `w` again), in field
/// order, then a column of `count` doubles for each field that varies, in field order. Values are
/// compared by their bits, so −0, NaN payloads and every last digit come back as they went in.
///
/// An imported stroke varies in few fields (a Xournal++ pen: x, y, the width and the pressure),
/// so its points take 32 bytes instead of 72 — less written to the spool and read back.
enum SpoolPoints {
    static let fields = 9
    private static let heightIsWidth: UInt64 = 1 << 63
    private static let w = 3, h = 4
    /// Byte offsets of the fields in `StrokePoint`, in field order.
    private static let offsets: [Int] = [\StrokePoint.x, \.y, \.t, \.w, \.h, \.opacity, \.force, \.azimuth, \.altitude]
        .map { MemoryLayout<StrokePoint>.offset(of: $0)! }

    /// What a block's mask says of each field: whether it is written (`h` is not when it is `w`
    /// again), as one value or as a column; what the writer and the reader both go by.
    private struct Layout {
        let mask: UInt64

        func isStored(_ field: Int) -> Bool { !(field == h && mask & heightIsWidth != 0) }
        func varies(_ field: Int) -> Bool { mask & (1 << UInt64(field)) != 0 }
        /// The bytes after the head for `count` points: a double a constant field, `count` a varying one.
        func size(points count: Int) -> Int {
            (0..<fields).reduce(0) { total, field in isStored(field) ? total + (varies(field) ? count * 8 : 8) : total }
        }
    }

    /// Appends the block of `points` (not empty) to `bytes`.
    static func append(_ points: [StrokePoint], to bytes: inout [UInt8]) {
        let offsets = Self.offsets, count = points.count, stride = MemoryLayout<StrokePoint>.stride
        points.withUnsafeBytes { raw in
            func bits(_ point: Int, _ field: Int) -> UInt64 {
                raw.loadUnaligned(fromByteOffset: point * stride + offsets[field], as: UInt64.self)
            }
            // x is always a column: then every point takes bytes, and a damaged count is told by the bytes left.
            var mask: UInt64 = 1
            for field in 1..<fields {
                let first = bits(0, field)
                for point in 1..<count where bits(point, field) != first {
                    mask |= 1 << UInt64(field)
                    break
                }
            }
            if (0..<count).allSatisfy({ bits($0, h) == bits($0, w) }) { mask |= heightIsWidth }
            let layout = Layout(mask: mask)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: 16 + layout.size(points: count)))
            bytes.withUnsafeMutableBytes { out in
                out.storeBytes(of: Int64(count), toByteOffset: start, as: Int64.self)
                out.storeBytes(of: mask, toByteOffset: start + 8, as: UInt64.self)
                var at = start + 16
                for field in 0..<fields where layout.isStored(field) && !layout.varies(field) {
                    out.storeBytes(of: bits(0, field), toByteOffset: at, as: UInt64.self)
                    at += 8
                }
                for field in 0..<fields where layout.isStored(field) && layout.varies(field) {
                    for point in 0..<count { out.storeBytes(of: bits(point, field), toByteOffset: at + point * 8, as: UInt64.self) }
                    at += count * 8
                }
            }
        }
    }

    /// The points of the block at `at` in `raw`, and where the block ends; nil when the block
    /// does not fit in `raw` or is not one `append` writes.
    static func read(_ raw: UnsafeRawBufferPointer, at start: Int) -> (points: [StrokePoint], end: Int)? {
        var at = start
        guard at + 16 <= raw.count else { return nil }
        let count = Int(raw.loadUnaligned(fromByteOffset: at, as: Int64.self))
        let mask = raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)
        at += 16
        guard mask & ~(heightIsWidth | (1 << UInt64(fields)) - 1) == 0 else { return nil }
        let layout = Layout(mask: mask)
        // x is always a column, so the count is checked against the bytes left before it is multiplied.
        guard mask & 1 != 0, count >= 1, count <= (raw.count - at) / 8, layout.size(points: count) <= raw.count - at else {
            return nil
        }
        let stride = MemoryLayout<StrokePoint>.stride, offsets = Self.offsets
        let points = [StrokePoint](unsafeUninitializedCapacity: count) { buffer, initialised in
            let out = UnsafeMutableRawBufferPointer(buffer)
            for field in 0..<fields where layout.isStored(field) && !layout.varies(field) {
                let value = raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                at += 8
                for point in 0..<count { out.storeBytes(of: value, toByteOffset: point * stride + offsets[field], as: UInt64.self) }
            }
            for field in 0..<fields where layout.isStored(field) && layout.varies(field) {
                for point in 0..<count {
                    out.storeBytes(of: raw.loadUnaligned(fromByteOffset: at + point * 8, as: UInt64.self),
                                   toByteOffset: point * stride + offsets[field], as: UInt64.self)
                }
                at += count * 8
            }
            if !layout.isStored(h) {
                for point in 0..<count {
                    out.storeBytes(of: out.load(fromByteOffset: point * stride + offsets[w], as: UInt64.self),
                                   toByteOffset: point * stride + offsets[h], as: UInt64.self)
                }
            }
            initialised = count
        }
        return (points, at)
    }
}
