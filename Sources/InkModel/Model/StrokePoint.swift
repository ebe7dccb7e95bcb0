/// One sample of a stroke (`PKStrokePoint`), in the order the file stores it:
/// `[x, y, t, w, h, opacity, force, azimuth, altitude]`.
public struct StrokePoint: Sendable, Equatable {
    /// Position in PDF units from the top-left of the displayed page, y down.
    public var x: Double
    public var y: Double
    /// Seconds since the stroke's `created` (`timeOffset`).
    public var t: Double
    /// Nib size in points (`size.width`, `size.height`).
    public var w: Double
    public var h: Double
    /// 0 … 2.
    public var opacity: Double
    /// ≥ 0; 1 is a normal press.
    public var force: Double
    /// Radians, 0 … 2π.
    public var azimuth: Double
    /// Radians, 0 … π/2; π/2 is upright.
    public var altitude: Double

    public init(x: Double, y: Double, t: Double = 0, w: Double, h: Double, opacity: Double = 1,
                force: Double = 1, azimuth: Double = 0, altitude: Double = .pi / 2) {
        self.x = x; self.y = y; self.t = t; self.w = w; self.h = h
        self.opacity = opacity; self.force = force; self.azimuth = azimuth; self.altitude = altitude
    }

    /// The field names in file order, as validation messages name them.
    public static let fieldNames = ["x", "y", "t", "w", "h", "opacity", "force", "azimuth", "altitude"]
}
