import InkModel

/// What the reader takes from an rnote notebook, in rnote's canvas pixels (the document's
/// plane, y down), before it is cut into pages.
enum RNoteItems {
    /// `document.format`: the page tile, in pixels at `dpi`.
    struct Format: Equatable {
        var width = 793.7007874015749
        var height = 1122.5196850393702
        var dpi = 96.0
        /// Points per canvas pixel.
        var scale: Double { 72 / dpi }
    }

    /// `document.background`.
    struct Background: Equatable {
        enum Pattern: String { case none, lines, grid, dots, isometricGrid = "isometric_grid", isometricDots = "isometric_dots" }
        var color = RGBAColor(red: 1, green: 1, blue: 1)
        var pattern = Pattern.dots
        var patternWidth = 32.0
        var patternHeight = 32.0
        var patternColor = RGBAColor(red: 0.8, green: 0.9, blue: 1)
    }

    /// `document`: its bounds on the canvas, the page format and the background.
    struct Document: Equatable {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        var format = Format()
        var background = Background()
    }

    /// `chrono_components[i]`: when (a counter) and on which layer stroke `i` was drawn.
    struct Chrono: Equatable {
        /// `document` < `image` < `highlighter` < `user_layer` N, as rnote orders them.
        var layerRank: Int
        var layerName: String
        var t: Double
    }

    struct Bounds: Equatable {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        mutating func add(_ x: Double, _ y: Double) {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        func inflated(by amount: Double) -> Bounds {
            Bounds(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
        }
        var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
        /// rnote's tolerance for "reaches": an overlap of at most this (px) is none.
        static let intersectionTolerance = 1e-3
        /// rnote's `intersects_w_tolerance`: the overlap is wider and taller than `tolerance`.
        func intersects(_ other: Bounds, tolerance: Double = intersectionTolerance) -> Bool {
            min(maxX, other.maxX) - max(minX, other.minX) > tolerance && min(maxY, other.maxY) - max(minY, other.minY) > tolerance
        }
    }

    /// A stroke's ink: the style that `smooth`, `rough` and `textured` share, and its polylines
    /// (x, y, pressure triples), as many as the shape needs (an arrow: shaft and head).
    struct InkItem {
        enum Kind: UInt8 { case brush = 0, shape = 1 }
        var kind: Kind
        var width: Double
        var color: RGBAColor
        /// The fill of a closed shape (or of a brush stroke with a fill colour), drawn under the ink.
        var fill: RGBAColor?
        var pressureCurve: PressureCurve
        var roundCap: Bool
        var polylines: [[Double]]
        /// Whether each polyline is closed (for a fill).
        var closed: Bool
        /// The outline's dashes (rnote dashes shapes; its pen paths are always solid).
        var lineStyle: LineStyle = .solid
    }

    /// rnote's line styles (rnote-compose `SmoothOptions`): a dash pattern scaled by the width.
    enum LineStyle: UInt8 {
        case solid = 0, dotted, dashedNarrow, dashedEquidistant, dashedWide

        init?(name: String) {
            switch name {
            case "solid": self = .solid
            case "dotted": self = .dotted
            case "dashed_narrow": self = .dashedNarrow
            case "dashed_equidistant", "dashed": self = .dashedEquidistant
            case "dashed_wide": self = .dashedWide
            default: return nil
            }
        }

        /// Dash and gap lengths in canvas px for a line `width` px wide, as rnote strokes it: the
        /// pattern's units are width × e; with a round cap each gap grows by 2 × width, which the
        /// caps take back; dots are dashes of no length (rnote gives them a round cap always).
        /// Nil for a solid line.
        func pattern(width: Double, roundCap: Bool) -> [Double]? {
            let unscaled: [Double]
            switch self {
            case .solid: return nil
            case .dotted: return [0, 2 * width]
            case .dashedNarrow: unscaled = [1, 0.618]
            case .dashedEquidistant: unscaled = [1, 1]
            case .dashedWide: unscaled = [1, 1.618]
            }
            let unit = width * M_E
            return unscaled.enumerated().map { index, length in length * unit + (roundCap && index % 2 == 1 ? 2 * width : 0) }
        }
    }

    enum PressureCurve: UInt8 {
        case const_ = 0, linear, sqrt, cbrt, pow2, pow3
        init?(name: String) {
            switch name {
            case "const": self = .const_
            case "linear": self = .linear
            case "sqrt": self = .sqrt
            case "cbrt": self = .cbrt
            case "pow2": self = .pow2
            case "pow3": self = .pow3
            default: return nil
            }
        }
        var name: String { ["const", "linear", "sqrt", "cbrt", "pow2", "pow3"][Int(rawValue)] }

        /// rnote's `PressureCurve::apply`.
        func apply(width: Double, pressure: Double) -> Double {
            switch self {
            case .const_: width
            case .linear: width * pressure
            case .sqrt: width * pressure.squareRoot()
            case .cbrt: width * Foundation.cbrt(pressure)
            case .pow2: width * pressure * pressure
            case .pow3: width * pressure * pressure * pressure
            }
        }
    }

    /// A `textstroke`: top-left at (x, y) on the canvas.
    struct TextItem {
        var text: String
        var x: Double, y: Double
        var fontFamily: String
        var fontSize: Double
        var bold: Bool
        var italic: Bool
        var color: RGBAColor
        var maxWidth: Double?
    }

    /// A `vectorimage` (SVG) or `bitmapimage` (made a PNG) over its axis-aligned rectangle.
    struct ImageItem {
        var bytes: [UInt8]
        var isSVG: Bool
        var bounds: Bounds
    }

    enum Item {
        case ink(InkItem)
        case text(TextItem)
        case image(ImageItem)
    }
}

import Foundation
