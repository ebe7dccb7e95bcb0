import Foundation
import InkFileSystem
import InkModel

/// The strokes of a notebook kept on disk between reading the canvas and cutting it into
/// pages: rnote stores strokes in slot order, not page order, and a page's strokes are known
/// only once the whole file is read (their chrono components come last), so the points go
/// to this unlinked temporary file as they are read and come back one stroke at a time.
/// Memory holds a few numbers per stroke, never the points.
final class RNoteStrokeSpool {
    private let descriptor: FileDescriptor
    private var pending: [UInt8] = []
    private var written: Int64 = 0

    /// Creates the spool in `folder`; its name is removed at once, so nothing is left behind.
    init(folder: String) throws(Errno) {
        var path = (folder as NSString).appendingPathComponent("inkpdf-rnote-XXXXXX")
        descriptor = try FileDescriptor(uniqueFrom: &path)
        try? FileSystem.remove(path)
        pending.reserveCapacity(1 << 20)
    }

    /// Where a stroke lies in the spool.
    struct Record {
        var offset: Int64
        var length: Int
    }

    private func append(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { pending.append(contentsOf: $0) }
    }

    private func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { pending.append(contentsOf: $0) }
    }

    /// Writes `ink`; returns where it is.
    func write(_ ink: RNoteItems.InkItem) throws(Errno) -> Record {
        let start = written + Int64(pending.count)
        let before = pending.count
        pending.append(ink.kind.rawValue)
        pending.append(ink.pressureCurve.rawValue)
        pending.append(ink.roundCap ? 1 : 0)
        pending.append(ink.closed ? 1 : 0)
        pending.append(ink.fill == nil ? 0 : 1)
        pending.append(ink.lineStyle.rawValue)
        append(ink.width)
        for color in [ink.color, ink.fill ?? ink.color] {
            for channel in [color.red, color.green, color.blue, color.alpha] { append(channel) }
        }
        append(UInt32(ink.polylines.count))
        for line in ink.polylines {
            append(UInt32(line.count))
            for value in line { append(value) }
        }
        let length = pending.count - before
        if pending.count >= 1 << 20 { try flush() }
        return Record(offset: start, length: length)
    }

    private func flush() throws(Errno) {
        guard !pending.isEmpty else { return }
        try descriptor.writeAll(pending)
        written += Int64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    /// Reads back the stroke at `record`.
    func read(_ record: Record) throws(Errno) -> RNoteItems.InkItem {
        try flush()
        var bytes = [UInt8](repeating: 0, count: record.length)
        let failure = bytes.withUnsafeMutableBytes { buffer -> Errno? in
            do throws(Errno) { try descriptor.read(at: record.offset, into: buffer); return nil } catch { return error }
        }
        if let failure { throw failure }
        var index = 0
        func byte() -> UInt8 { defer { index += 1 }; return bytes[index] }
        func double() -> Double {
            var bits: UInt64 = 0
            for shift in 0..<8 { bits |= UInt64(bytes[index + shift]) << (8 * UInt64(shift)) }
            index += 8
            return Double(bitPattern: bits)
        }
        func count() -> Int {
            var value: UInt32 = 0
            for shift in 0..<4 { value |= UInt32(bytes[index + shift]) << (8 * UInt32(shift)) }
            index += 4
            return Int(value)
        }
        let kind = RNoteItems.InkItem.Kind(rawValue: byte()) ?? .brush
        let curve = RNoteItems.PressureCurve(rawValue: byte()) ?? .linear
        let roundCap = byte() == 1, closed = byte() == 1, hasFill = byte() == 1
        let lineStyle = RNoteItems.LineStyle(rawValue: byte()) ?? .solid
        let width = double()
        let color = RGBAColor(red: double(), green: double(), blue: double(), alpha: double())
        let fill = RGBAColor(red: double(), green: double(), blue: double(), alpha: double())
        var polylines: [[Double]] = []
        for _ in 0..<count() {
            let n = count()
            var line = [Double]()
            line.reserveCapacity(n)
            for _ in 0..<n { line.append(double()) }
            polylines.append(line)
        }
        return RNoteItems.InkItem(kind: kind, width: width, color: color, fill: hasFill ? fill : nil, pressureCurve: curve,
                                  roundCap: roundCap, polylines: polylines, closed: closed, lineStyle: lineStyle)
    }
}
