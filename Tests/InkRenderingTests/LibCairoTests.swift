import Foundation
import LibCairo
import Testing

/// LibCairo's owners against cairo itself: pixels and PNG both ways, statuses as errors, paths read back.
@Suite struct LibCairoTests {
    /// A 6 × 4 ARGB surface with a red square at (1, 1)–(3, 3) on transparent black.
    static func redSquare() -> CairoImageSurface {
        let surface = CairoImageSurface(format: .argb32, width: 6, height: 4)
        let context = CairoContext(drawingOn: surface)
        context.setSourceRGB(1, 0, 0)
        context.rectangle(1, 1, 2, 2)
        context.fill()
        surface.flush()
        return surface
    }

    static func word(_ surface: CairoImageSurface, _ x: Int, _ y: Int) -> UInt32 {
        surface.withUnsafeMutableData { data in
            data!.advanced(by: y * surface.stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        }
    }

    @Test func pngBytesComeBackAsTheSamePixels() throws {
        let surface = Self.redSquare()
        let png = try surface.pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try #require(CairoImageSurface.decodingPNG(png))
        #expect(decoded.width == 6 && decoded.height == 4)
        for y in 0..<4 {
            for x in 0..<6 {
                let inside = (1..<3).contains(x) && (1..<3).contains(y)
                #expect(Self.word(decoded, x, y) == (inside ? 0xFFFF_0000 : 0), "(\(x), \(y))")
            }
        }
        // Cut short, the stream ends early: nil, not a half image.
        #expect(CairoImageSurface.decodingPNG(Array(png.prefix(png.count / 2))) == nil)
        #expect(CairoImageSurface.decodingPNG([]) == nil)
    }

    /// A size past cairo's (or Int32's) range is a surface in error, not a trap; drawing on it is harmless.
    @Test(arguments: [40_000, Int.max]) func aSurfaceTooLargeIsAnError(side: Int) {
        let surface = CairoImageSurface(format: .rgb24, width: side, height: 1)
        #expect(surface.status != nil)
        let context = CairoContext(drawingOn: surface)
        context.paint()
        #expect(context.status != nil)
        #expect(context.status?.description.isEmpty == false)
    }

    @Test func aPNGThatCannotBeWrittenSaysWhy() {
        let surface = Self.redSquare()
        let path = NSTemporaryDirectory() + "inkpdf-no-such-folder-\(UInt64.random(in: 0...UInt64.max))/out.png"
        #expect(throws: CairoError.writeError) { try surface.writePNG(to: path) }
        #expect(CairoError.writeError.description == "error while writing to output stream")
        let missing = CairoImageSurface(contentsOfPNGFile: path)
        #expect(missing.status != nil)
    }

    /// A pattern and a context keep their surface alive after its owner is gone.
    @Test func ownersKeepWhatTheyUse() {
        let target = CairoImageSurface(format: .argb32, width: 6, height: 4)
        let context = CairoContext(drawingOn: target)
        do {
            let pattern = CairoPattern(surface: Self.redSquare())
            context.setSource(pattern)
        }
        context.paint()
        #expect(context.status == nil)
        target.flush()
        #expect(Self.word(target, 1, 1) == 0xFFFF_0000)
        #expect(Self.word(target, 0, 0) == 0)
    }

    @Test func aPathReadsBackAsDrawn() {
        let context = CairoContext(drawingOn: CairoImageSurface(format: .a8, width: 1, height: 1))
        context.scale(2, 2)
        context.moveTo(1, 2)
        context.lineTo(3, 4)
        context.curveTo(5, 6, 7, 8, 9, 10)
        context.closePath()
        #expect(context.copyPath() == [.move(x: 1, y: 2), .line(x: 3, y: 4), .curve(x1: 5, y1: 6, x2: 7, y2: 8, x3: 9, y3: 10),
                                       .close, .move(x: 1, y: 2)])
    }
}
