/// Builds a version 5 (or, given `version: 3`, version 3) reMarkable lines file
/// (the fixed records of firmware before 3.0; version 3 lacks the float after the
/// brush size): one layer of lines, each a tool, colour, brush size and points
/// of six float32 (x, y from the screen's top-left in its 1404 × 1872 frame,
/// speed, direction, width, pressure). For tests.
public struct LinesV5Builder: Sendable {
    public struct Point: Sendable {
        public var x: Float, y: Float, speed: Float, direction: Float, width: Float, pressure: Float

        public init(x: Float, y: Float, speed: Float = 0, direction: Float = 0, width: Float = 2, pressure: Float = 0.5) {
            (self.x, self.y, self.speed, self.direction, self.width, self.pressure) = (x, y, speed, direction, width, pressure)
        }
    }

    private var lines: [[UInt8]] = []
    /// 5, or 3 (firmware 1.x before 1.8).
    public let version: Int

    public init(version: Int = 5) { self.version = version }

    public mutating func line(tool: Int32, color: Int32, size: Float = 2, points: [Point]) {
        var b: [UInt8] = []
        for v in [tool, color, 0] { b += LinesV6Builder.le32(UInt32(bitPattern: v)) }
        b += LinesV6Builder.le32(size.bitPattern)
        if version != 3 { b += LinesV6Builder.le32(Float(0).bitPattern) }
        b += LinesV6Builder.le32(UInt32(points.count))
        for p in points {
            for v in [p.x, p.y, p.speed, p.direction, p.width, p.pressure] { b += LinesV6Builder.le32(v.bitPattern) }
        }
        lines.append(b)
    }

    public var bytes: [UInt8] {
        Array("reMarkable .lines file, version=\(version == 3 ? 3 : 5)          ".utf8) + LinesV6Builder.le32(1)
            + LinesV6Builder.le32(UInt32(lines.count)) + lines.flatMap { $0 }
    }
}
