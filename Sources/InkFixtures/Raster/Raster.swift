import LibCairo
import Foundation

/// An RGB image with pixel access.
public final class Raster {
    public let surface: CairoImageSurface
    public let width: Int, height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = CairoImageSurface(format: .rgb24, width: width, height: height)
    }

    /// A PNG file as cairo reads it (an engine's rendering from `ReferenceReaders.render`); nil when it is not one.
    public init?(pngFile path: String) {
        let read = CairoImageSurface(contentsOfPNGFile: path)
        guard read.width > 0, read.height > 0 else { return nil }
        surface = read
        width = read.width
        height = read.height
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let stride = surface.stride
        let word = surface.withUnsafeMutableData { data in
            data!.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }

    /// A strongly red pixel: the colour the tests draw their ink in.
    public func isRed(_ x: Int, _ y: Int) -> Bool {
        let p = pixel(x, y)
        return p.r > 180 && p.g < 90 && p.b < 90
    }

    /// Mean absolute difference per channel against another raster of the same size (0…255).
    public func meanDifference(from other: Raster) -> Double {
        precondition(width == other.width && height == other.height)
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = pixel(x, y), b = other.pixel(x, y)
                total += abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b)
            }
        }
        return Double(total) / Double(width * height * 3)
    }
}
