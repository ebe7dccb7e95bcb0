import InkModel

/// One page of a PDF that a test builds with ``SampleDocuments/writeTestPDF(at:pages:)``.
///
/// The MediaBox is `[0 0 width height]`. Text lines and rectangles are placed
/// in the page's **displayed** coordinates, the frame the ink-layers format
/// uses: points from the top-left of the visible page (inside the CropBox,
/// after `/Rotate`), y down. So ink at a line's position lands on that line
/// whatever the rotation and crop.
public struct TestPage: Sendable, Equatable {
    /// MediaBox width and height in points, before rotation.
    public var width: Double
    public var height: Double
    /// `/Rotate`: 0, 90, 180 or 270 (clockwise).
    public var rotate: Int
    /// The CropBox in MediaBox coordinates (PDF convention, y up), or nil for none.
    public var cropBox: Box?
    /// Text drawn upright in the displayed page, black.
    public var lines: [TextLine]
    /// Filled rectangles drawn in the displayed page, for pixel checks.
    public var rectangles: [FilledRectangle]

    public init(width: Double = 595.276, height: Double = 841.89, rotate: Int = 0, cropBox: Box? = nil,
                lines: [TextLine] = [], rectangles: [FilledRectangle] = []) {
        self.width = width
        self.height = height
        self.rotate = rotate
        self.cropBox = cropBox
        self.lines = lines
        self.rectangles = rectangles
    }

    /// A4 portrait, 595.276 × 841.89 points.
    public static let a4Size = (width: 595.276, height: 841.89)
    /// US Letter portrait, 612 × 792 points.
    public static let letterSize = (width: 612.0, height: 792.0)

    /// Width of the page as displayed: the CropBox (or MediaBox), swapped for 90° and 270°.
    public var displayedWidth: Double { geometry.displayedWidth }
    /// Height of the page as displayed.
    public var displayedHeight: Double { geometry.displayedHeight }

    /// A rectangle in MediaBox coordinates (y up), as PDF boxes are written.
    public struct Box: Sendable, Equatable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x; self.y = y; self.width = width; self.height = height
        }
    }

    /// A line of text; `(x, y)` is the start of its baseline in displayed coordinates.
    public struct TextLine: Sendable, Equatable {
        public var text: String
        public var x, y: Double
        public var fontSize: Double
        public init(_ text: String, x: Double, y: Double, fontSize: Double = 12) {
            self.text = text; self.x = x; self.y = y; self.fontSize = fontSize
        }
    }

    /// A filled rectangle in displayed coordinates (top-left corner, y down).
    public struct FilledRectangle: Sendable, Equatable {
        public var x, y, width, height: Double
        public var color: RGBAColor
        public init(x: Double, y: Double, width: Double, height: Double,
                    color: RGBAColor = RGBAColor(red: 0, green: 0, blue: 0)) {
            self.x = x; self.y = y; self.width = width; self.height = height; self.color = color
        }
    }

    public var geometry: PageGeometry {
        PageGeometry(mediaWidth: width, mediaHeight: height, rotate: rotate,
                     crop: cropBox.map { PDFBox(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
    }

    /// Why this page cannot be written, or nil.
    public var problem: String? {
        guard width.isFinite, height.isFinite, width >= 3, height >= 3, width <= 14_400, height <= 14_400 else {
            return "page size \(width) × \(height) is outside 3 … 14400 points"
        }
        guard [0, 90, 180, 270].contains(rotate) else { return "rotate \(rotate) is not 0, 90, 180 or 270" }
        if let box = cropBox {
            guard [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0,
                  box.x >= 0, box.y >= 0, box.x + box.width <= width + 1e-9, box.y + box.height <= height + 1e-9
            else { return "crop box \(box) is empty or not inside the MediaBox [0 0 \(width) \(height)]" }
        }
        return nil
    }
}
