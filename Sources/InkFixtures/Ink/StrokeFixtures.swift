import Foundation
import InkModel

/// A straight red pen stroke through `points` (polyline) of nib size `size`.
public func redStroke(_ points: [(Double, Double)], size: Double = 6, created: Double = 1_764_460_000) -> Stroke {
    Stroke(ink: Ink(type: .pen, colorText: "#FF0000FF", color: RGBAColor(red: 1, green: 0, blue: 0)),
           created: created, interpolation: .linear,
           points: points.enumerated().map { index, p in
               StrokePoint(x: p.0, y: p.1, t: Double(index) / 60, w: size, h: size, opacity: 1, force: 1,
                           azimuth: 0, altitude: .pi / 2)
           })
}

public func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
