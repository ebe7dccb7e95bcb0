/// InkML's units (the recommendation's table of units) as factors to inkpdf's:
/// lengths to PDF points (1/72 in), times to seconds, angles to radians.
///
/// `himetric` is 0.01 mm, the unit Microsoft Office's ink is stored in; `px` is
/// the CSS pixel (1/96 in); `dev` (device units) has no physical size and is
/// taken as a point, like a channel without units.
enum InkMLUnits {
    enum Kind: Equatable { case length, time, angle, other }

    /// What one `unit` is in points, seconds or radians, and which of them; nil for a unit not known.
    static func factor(_ unit: String) -> (kind: Kind, factor: Double)? {
        switch unit.trimmingCharacters(in: .whitespaces) {
        case "pt": (.length, 1)
        case "pc": (.length, 12)
        case "in": (.length, 72)
        case "ft": (.length, 864)
        case "cm": (.length, 72 / 2.54)
        case "mm": (.length, 72 / 25.4)
        case "um", "µm": (.length, 72 / 25_400)
        case "m": (.length, 7200 / 2.54)
        case "himetric": (.length, 72 / 2540)
        case "px": (.length, 0.75)
        case "dev", "": (.length, 1)
        case "s", "sec": (.time, 1)
        case "ms": (.time, 0.001)
        case "us", "µs": (.time, 1e-6)
        case "min": (.time, 60)
        case "deg": (.angle, Double.pi / 180)
        case "rad": (.angle, 1)
        case "N", "g", "kg", "%": (.other, 1)
        default: nil
        }
    }
}

import Foundation
