import InkModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A simulated hand that turns shapes (dense polylines in displayed page
/// coordinates) into strokes with a pressure curve, timing and pen pose, and
/// keeps a clock so that strokes follow one another in time.
public struct Handwriter {
    public var random: SplitMix64
    /// Seconds since 1970 when the next stroke starts.
    public var clock: Double
    /// Decimal places kept per point value; fewer make smaller files.
    public var precision = Precision.fine

    /// Rounding scales for position, time, size and the other values.
    public struct Precision: Sendable {
        var position, time, size, other: Double
        /// Hundredths of a point, tenths of a millisecond.
        static let fine = Precision(position: 100, time: 10_000, size: 1000, other: 1000)
        /// Tenths of a point and milliseconds, for the benchmark's large files.
        static let compact = Precision(position: 10, time: 1000, size: 100, other: 100)
    }

    public init(seed: UInt64, start: Double) {
        random = SplitMix64(seed: seed)
        clock = start
    }

    /// One stroke along `path`. The path is resampled to control points every
    /// `tool.spacing` points, and pressure rises from a light touch-down to a
    /// firm middle and lightens again at lift-off.
    public mutating func stroke(_ path: [Point], tool: PenTool, interpolation: Stroke.Interpolation? = nil,
                         id: String? = nil, transform: StrokeTransform? = nil, mask: String? = nil,
                         resample: Bool = true) -> Stroke {
        let controls = resample ? Self.resample(path, spacing: tool.spacing) : path
        let lengths = Self.cumulativeLengths(controls)
        let total = max(lengths.last ?? 0, 1e-6)
        let phase = random.uniform(0...(2 * .pi))
        let wobble = random.uniform(1.5...3.5)
        let speedFactor = random.uniform(0.85...1.15)
        var points: [StrokePoint] = []
        points.reserveCapacity(controls.count)
        var time = 0.0
        // Touch-down and lift-off are light: pressure ramps over the first and
        // last few points of length, and wanders a little in between.
        let taper = min(10, total * 0.3)
        for (index, point) in controls.enumerated() {
            let s = lengths[index]
            if index > 0 {
                let midQ = (lengths[index - 1] + s) / 2 / total
                let speed = tool.speed * speedFactor * (0.4 + 0.6 * sin(.pi * midQ))
                time += (s - lengths[index - 1]) / speed
            }
            let q = s / total
            let ramp = min(1, s / taper, (total - s) / taper)
            let envelope = pow(max(ramp, 0), 0.6) * (0.92 + 0.08 * sin(2 * .pi * wobble * q + phase))
            let pressure = min(max(0.12 + 0.88 * envelope, 0.1), 1)
            let w = tool.minSize + (tool.maxSize - tool.minSize) * pressure
            let azimuth = Self.wrapAngle(tool.azimuth + 0.12 * sin(2 * .pi * q + phase))
            let altitude = min(max(tool.altitude + 0.12 * (pressure - 0.5) + 0.03 * sin(3 * .pi * q), 0.2), .pi / 2)
            points.append(StrokePoint(
                x: Self.round(point.x, precision.position), y: Self.round(point.y, precision.position),
                t: Self.round(time, precision.time),
                w: Self.round(w, precision.size), h: Self.round(w * tool.aspect, precision.size),
                opacity: Self.round(tool.opacity * (tool.ink.type == .pencil ? 0.9 + 0.1 * pressure : 1), 100),
                force: Self.round(tool.pressure * (0.15 + 1.05 * pressure), precision.other),
                azimuth: Self.round(azimuth, precision.other), altitude: Self.round(altitude, precision.other)))
        }
        let created = Self.round(clock, 1000)
        clock += time + random.uniform(0.25...1.6)
        let seed: JSONValue? = tool.textured ? .number(String(random.next() >> 33)) : nil
        return Stroke(ink: tool.ink, created: created, id: id, transform: transform, mask: mask,
                      interpolation: interpolation, seed: seed, points: points)
    }

    /// A pause between groups of strokes (reading, thinking).
    public mutating func pause(_ seconds: ClosedRange<Double>) { clock += random.uniform(seconds) }

    // MARK: Geometry helpers

    public static func round(_ value: Double, _ scale: Double) -> Double { (value * scale).rounded() / scale }

    public static func wrapAngle(_ angle: Double) -> Double {
        let full = 2 * Double.pi
        let wrapped = angle.truncatingRemainder(dividingBy: full)
        return wrapped < 0 ? wrapped + full : wrapped
    }

    public static func cumulativeLengths(_ path: [Point]) -> [Double] {
        var lengths = [0.0]
        lengths.reserveCapacity(path.count)
        for i in path.indices.dropFirst() {
            lengths.append(lengths[i - 1] + hypot(path[i].x - path[i - 1].x, path[i].y - path[i - 1].y))
        }
        return lengths
    }

    /// Points at equal arc-length steps along `path`, keeping both ends.
    public static func resample(_ path: [Point], spacing: Double) -> [Point] {
        guard path.count > 1 else { return path }
        let lengths = cumulativeLengths(path)
        let total = lengths.last!
        let count = max(2, Int((total / spacing).rounded()) + 1)
        var result: [Point] = []
        result.reserveCapacity(count)
        var segment = 1
        for k in 0..<count {
            let target = total * Double(k) / Double(count - 1)
            while segment < path.count - 1 && lengths[segment] < target { segment += 1 }
            let span = lengths[segment] - lengths[segment - 1]
            let f = span > 0 ? (target - lengths[segment - 1]) / span : 0
            let a = path[segment - 1], b = path[segment]
            result.append(Point(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f))
        }
        return result
    }
}
