/// What one reMarkable lines file (`PAGE.rm`) holds, in the tablet's own
/// units (screen pixels; in version 6, x from the page centre), before any
/// mapping to page points: layers of lines in drawing order, highlighted text
/// and typed text.
struct LinesPage: Sendable {
    /// 3, 5 or 6.
    var version: Int
    var layers: [Layer]
    /// The page size the file declares (version 6 SceneInfo), in tablet units.
    var paperSize: (width: Int, height: Int)?
    /// Typed text (version 6 root text), one paragraph per line.
    var text: TypedText?
    /// One-line notes: skipped blocks of a newer firmware and the like.
    var warnings: [String] = []

    struct Layer: Sendable {
        var name: String?
        var visible: Bool = true
        /// The scene-tree id ("1:23"), nil for versions 3 and 5.
        var id: String?
        var items: [Item] = []
    }

    enum Item: Sendable {
        case line(Line)
        case highlight(GlyphHighlight)
    }

    /// One stroke as stored.
    struct Line: Sendable {
        var tool: UInt32
        var color: UInt32
        /// Version 6: the thickness scale (double); versions 3 and 5: the brush size (float).
        var thickness: Double
        /// Version 6: starting length; version 5: the extra float; version 3: nil.
        var extra: Double?
        /// Versions 3 and 5: the unknown int after the colour.
        var unknown: Int32?
        /// Newer firmware: an ARGB colour beside the palette index (red, green, blue, alpha bytes).
        var rgba: (UInt8, UInt8, UInt8, UInt8)?
        /// 1: six float32 per point (versions 3, 5, and early 6); 2: packed integers.
        var pointEncoding: Int
        var points: [Point]
        /// The item's CRDT id ("1:23") in version 6.
        var id: String?
        var moveID: String?
        /// The offset (translation) of the groups the line sits in, in tablet units.
        var offsetX: Double = 0
        var offsetY: Double = 0
    }

    /// One point, with its values exactly as the file stores them (float or integer).
    struct Point: Sendable {
        var x: Float
        var y: Float
        var speed: Float
        var direction: Float
        var width: Float
        var pressure: Float

        /// Speed, direction, width and pressure in the packed encoding's units
        /// (speed and width × 4, direction 0 … 255 a full turn, pressure 0 … 255).
        func normalized(encoding: Int) -> (speed: Double, direction: Double, width: Double, pressure: Double) {
            if encoding == 2 { return (Double(speed), Double(direction), Double(width), Double(pressure)) }
            // Widths in quarter pixels are whole numbers on the tablet: rounded as rmscene does.
            return (Double(speed) * 4, Double(direction) * 255 / (2 * .pi), (Double(width) * 4).rounded(), Double(pressure) * 255)
        }
    }

    /// Highlighted PDF text: rectangles in tablet units.
    struct GlyphHighlight: Sendable {
        var color: UInt32
        var rgba: (UInt8, UInt8, UInt8, UInt8)?
        var text: String
        var start: UInt32?
        var length: UInt32?
        var rectangles: [(x: Double, y: Double, w: Double, h: Double)]
        var id: String?
    }

    /// Typed text: paragraphs with their style codes, and the block's position.
    struct TypedText: Sendable {
        var x: Double
        var y: Double
        var width: Double
        var paragraphs: [(text: String, style: Int, startID: String)]
    }
}
