import Foundation

/// Builds version 6 lines files byte by byte (tagged blocks), for tests.
public struct LinesV6Builder: Sendable {
    public init() {}

    public var bytes: [UInt8] = Array("reMarkable .lines file, version=6          ".utf8)
    /// Offsets where each block starts.
    public var blockOffsets: [Int] = []

    public static let root = (UInt8(0), UInt64(1))

    public mutating func block(_ type: UInt8, version: UInt8 = 1, minVersion: UInt8 = 1, _ body: [UInt8]) {
        blockOffsets.append(bytes.count)
        bytes += Self.le32(UInt32(body.count)) + [0, minVersion, version, type] + body
    }

    public static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    public static func varuint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        repeat { var b = UInt8(v & 0x7F); v >>= 7; if v != 0 { b |= 0x80 }; out.append(b) } while v != 0
        return out
    }
    public static func tag(_ index: UInt64, _ type: UInt8) -> [UInt8] { varuint(index << 4 | UInt64(type)) }
    public static func id(_ index: UInt64, _ id: (UInt8, UInt64)) -> [UInt8] { tag(index, 0xF) + [id.0] + varuint(id.1) }
    public static func u32(_ index: UInt64, _ v: UInt32) -> [UInt8] { tag(index, 0x4) + le32(v) }
    public static func f32(_ index: UInt64, _ v: Float) -> [UInt8] { tag(index, 0x4) + le32(v.bitPattern) }
    public static func f64(_ index: UInt64, _ v: Double) -> [UInt8] {
        let b = v.bitPattern
        return tag(index, 0x8) + le32(UInt32(b & 0xFFFF_FFFF)) + le32(UInt32(b >> 32))
    }
    public static func byte(_ index: UInt64, _ v: UInt8) -> [UInt8] { tag(index, 0x1) + [v] }
    public static func sub(_ index: UInt64, _ body: [UInt8]) -> [UInt8] { tag(index, 0xC) + le32(UInt32(body.count)) + body }
    public static func string(_ index: UInt64, _ s: String) -> [UInt8] { sub(index, varuint(UInt64(s.utf8.count)) + [1] + Array(s.utf8)) }

    public mutating func layer(_ layer: (UInt8, UInt64), name: String, item: (UInt8, UInt64), left: (UInt8, UInt64) = (0, 0),
                        visible: Bool = true) {
        block(0x01, Self.id(1, layer) + Self.id(2, (0, 0)) + Self.byte(3, 1) + Self.sub(4, Self.id(1, Self.root)))
        block(0x02, version: 2, Self.id(1, layer) + Self.sub(2, Self.id(1, (0, 0)) + Self.string(2, name))
                     + Self.sub(3, Self.id(1, (0, 0)) + Self.byte(2, visible ? 1 : 0)))
        block(0x04, Self.id(1, Self.root) + Self.id(2, item) + Self.id(3, left) + Self.id(4, (0, 0)) + Self.u32(5, 0)
                     + Self.sub(6, [2] + Self.id(2, layer)))
    }

    public struct Point: Sendable {
        public var x: Float, y: Float, speed: UInt16, width: UInt16, direction: UInt8, pressure: UInt8

        public init(x: Float, y: Float, speed: UInt16 = 0, width: UInt16 = 8, direction: UInt8 = 0, pressure: UInt8 = 128) {
            self.x = x
            self.y = y
            self.speed = speed
            self.width = width
            self.direction = direction
            self.pressure = pressure
        }
    }

    /// A line item; `encoding` 2 packs the points (block version 2), 1 stores six floats (version 1).
    public mutating func line(parent: (UInt8, UInt64), item: (UInt8, UInt64), left: (UInt8, UInt64) = (0, 0), right: (UInt8, UInt64) = (0, 0),
                       tool: UInt32, color: UInt32 = 0, thickness: Double = 2, points: [Point], encoding: Int = 2,
                       rgba: (UInt8, UInt8, UInt8, UInt8)? = nil, deleted: Bool = false) {
        var head = Self.id(1, parent) + Self.id(2, item) + Self.id(3, left) + Self.id(4, right) + Self.u32(5, deleted ? 1 : 0)
        if !deleted {
            var pts: [UInt8] = []
            for p in points {
                pts += Self.le32(p.x.bitPattern) + Self.le32(p.y.bitPattern)
                if encoding == 2 {
                    pts += [UInt8(p.speed & 0xFF), UInt8(p.speed >> 8), UInt8(p.width & 0xFF), UInt8(p.width >> 8), p.direction, p.pressure]
                } else {
                    pts += Self.le32((Float(p.speed) / 4).bitPattern) + Self.le32((Float(p.direction) * 2 * .pi / 255).bitPattern)
                        + Self.le32((Float(p.width) / 4).bitPattern) + Self.le32((Float(p.pressure) / 255).bitPattern)
                }
            }
            var value: [UInt8] = [3] + Self.u32(1, tool) + Self.u32(2, color) + Self.f64(3, thickness) + Self.f32(4, 0)
                + Self.sub(5, pts) + Self.id(6, (0, 1))
            if let rgba { value += Self.tag(8, 0x4) + [rgba.2, rgba.1, rgba.0, rgba.3] }
            head += Self.sub(6, value)
        }
        block(0x05, version: UInt8(encoding), minVersion: UInt8(encoding), head)
    }

    public mutating func sceneInfo(width: UInt32, height: UInt32) {
        block(0x0D, version: 1, minVersion: 0, Self.sub(1, Self.id(1, (0, 0)) + Self.id(2, (0, 11)))
              + Self.sub(5, Self.le32(width) + Self.le32(height)))
    }
}
