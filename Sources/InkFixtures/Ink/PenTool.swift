import InkModel

/// How a simulated hand uses one tool: ink, nib size range, speed and pose.
public struct PenTool: Sendable {
    public var ink: Ink
    /// Nib width at the lightest and the firmest pressure.
    public var minSize: Double
    public var maxSize: Double
    /// Nib height over width (1 for round nibs; PencilKit stores markers as 1.032).
    public var aspect: Double = 1
    /// Typical writing speed in points per second.
    public var speed: Double = 180
    /// Pen pose in radians (azimuth 0 … 2π, altitude 0 … π/2).
    public var azimuth: Double = 0.8
    public var altitude: Double = 1.05
    public var opacity: Double = 1
    /// Distance between B-spline control points along the path.
    public var spacing: Double = 2.5
    /// Textured inks carry a random seed, as `PKStroke.randomSeed`.
    public var textured = false
    /// How much pressure (force) the tool is used with, 1 = normal.
    public var pressure: Double = 1

    private static func tool(_ type: InkType, _ hex: String, width: Double) -> Ink {
        Ink(type: type, colorText: hex, color: RGBAColor(hex: hex)!, width: width)
    }

    public static let bluePen = PenTool(ink: tool(.pen, "#1F3A93FF", width: 1.0), minSize: 0.45, maxSize: 1.2)
    public static let blackPen = PenTool(ink: tool(.pen, "#1B1B1FFF", width: 0.9), minSize: 0.4, maxSize: 1.1, speed: 210)
    public static let redPen = PenTool(ink: tool(.pen, "#C0392BFF", width: 1.4), minSize: 0.6, maxSize: 1.6, speed: 160)
    public static let pencil = PenTool(ink: tool(.pencil, "#505050FF", width: 0.9), minSize: 0.45, maxSize: 1.0,
                                speed: 150, azimuth: 0.6, altitude: 0.85, opacity: 0.9, textured: true, pressure: 0.8)
    public static let highlighter = PenTool(ink: tool(.marker, "#FFE500AA", width: 13), minSize: 12.4, maxSize: 13.2,
                                     aspect: 1.032, speed: 260, azimuth: 0, altitude: 0.9, spacing: 9)
    public static let greenHighlighter = PenTool(ink: tool(.marker, "#7CFC6E99", width: 12), minSize: 11.5, maxSize: 12.2,
                                          aspect: 1.032, speed: 240, azimuth: 0, altitude: 0.9, spacing: 9)
    public static let monoline = PenTool(ink: tool(.monoline, "#6A1B9AFF", width: 1.4), minSize: 1.4, maxSize: 1.4,
                                  speed: 170, spacing: 3)
    public static let fountainPen = PenTool(ink: tool(.fountainPen, "#0B2545FF", width: 3.2), minSize: 2.4, maxSize: 3.8,
                                     speed: 140, azimuth: 0.7, altitude: 0.95)
    public static let watercolor = PenTool(ink: tool(.watercolor, "#2E86C1B3", width: 6), minSize: 4, maxSize: 7,
                                    speed: 120, altitude: 0.8, spacing: 4, textured: true)
    public static let crayon = PenTool(ink: tool(.crayon, "#E67E22FF", width: 3), minSize: 2.4, maxSize: 3.4,
                                speed: 130, altitude: 0.75, spacing: 3, textured: true, pressure: 1.2)
    public static let reed = PenTool(ink: tool(.reed, "#2C3E50FF", width: 3), minSize: 2.2, maxSize: 3.4,
                              speed: 120, azimuth: 0.75, altitude: 1.0, spacing: 3)
}
