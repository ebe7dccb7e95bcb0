import Foundation

/// What a page shows that is not ink.
public struct Decoration: Sendable, Equatable {
    public enum Content: Sendable, Equatable {
        /// Text whose first line's top-left corner is at (x, y); lines split at "\n".
        case text(String, fontFamily: String, fontSize: Double, color: RGBAColor)
        /// An image (PNG or JPEG bytes) stretched over its rectangle.
        case image([UInt8])
        /// A closed polygon through (x0, y0, x1, y1, …) in page points, filled
        /// with the colour (a filled Xournal++ stroke's inside, say).
        case polygon([Double], fill: RGBAColor)
    }

    /// Index of the layer (in the page's layers-file order) after whose ink this is drawn.
    public var layer: Int
    /// The rectangle in page points from the top-left corner, y down.
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var content: Content

    public init(layer: Int, x: Double, y: Double, width: Double, height: Double, content: Content) {
        self.layer = layer
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.content = content
    }
}
