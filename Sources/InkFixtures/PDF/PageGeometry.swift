import CCairo

/// A page's boxes and rotation, and the map from the page **as displayed**
/// (inside the CropBox, after `/Rotate`, y down: the ink-layers frame) to
/// cairo's drawing space on the unrotated MediaBox (y down).
public struct PageGeometry: Sendable, Equatable {
    /// The MediaBox, `[0 0 mediaWidth mediaHeight]` (cairo always writes this origin).
    public var mediaWidth: Double
    public var mediaHeight: Double
    /// 0, 90, 180 or 270 (clockwise, as `/Rotate`).
    public var rotate: Int
    /// The CropBox in MediaBox coordinates (y up), or nil for the MediaBox.
    public var crop: PDFBox?

    /// The visible box in MediaBox coordinates.
    public var visibleBox: PDFBox { crop ?? PDFBox(x: 0, y: 0, width: mediaWidth, height: mediaHeight) }

    /// Width and height of the page as a viewer shows it.
    public var displayedWidth: Double { rotate % 180 == 0 ? visibleBox.width : visibleBox.height }
    public var displayedHeight: Double { rotate % 180 == 0 ? visibleBox.height : visibleBox.width }

    /// The affine map from displayed coordinates to cairo's page space
    /// (MediaBox, origin top-left, y down).
    public var displayToCairo: cairo_matrix_t {
        let box = visibleBox
        let (cx, cy, cw, ch, h) = (box.x, box.y, box.width, box.height, mediaHeight)
        // With u, v = the point relative to the crop's lower-left corner (y up):
        //   0°: u = X, v = ch − Y     90°: u = Y, v = X
        //   180°: u = cw − X, v = Y   270°: u = cw − Y, v = ch − X
        // and cairo's (x, y) = (u + cx, h − (v + cy)).
        var matrix = cairo_matrix_t()
        switch rotate {
        case 90: cairo_matrix_init(&matrix, 0, -1, 1, 0, cx, h - cy)
        case 180: cairo_matrix_init(&matrix, -1, 0, 0, -1, cw + cx, h - cy)
        case 270: cairo_matrix_init(&matrix, 0, 1, -1, 0, cw + cx, h - ch - cy)
        default: cairo_matrix_init(&matrix, 1, 0, 0, 1, cx, h - ch - cy)
        }
        return matrix
    }

    /// Whether qpdf must set `/Rotate` or `/CropBox` after cairo.
    public var needsBoxEdit: Bool { rotate != 0 || crop != nil }
}
