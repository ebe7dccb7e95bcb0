import LibCairo

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
    public var displayToCairo: CairoMatrix {
        let box = visibleBox
        let (cx, cy, cw, ch, h) = (box.x, box.y, box.width, box.height, mediaHeight)
        // With u, v = the point relative to the crop's lower-left corner (y up):
        //   0°: u = X, v = ch − Y     90°: u = Y, v = X
        //   180°: u = cw − X, v = Y   270°: u = cw − Y, v = ch − X
        // and cairo's (x, y) = (u + cx, h − (v + cy)).
        switch rotate {
        case 90: return CairoMatrix(xx: 0, yx: -1, xy: 1, yy: 0, x0: cx, y0: h - cy)
        case 180: return CairoMatrix(xx: -1, yx: 0, xy: 0, yy: -1, x0: cw + cx, y0: h - cy)
        case 270: return CairoMatrix(xx: 0, yx: 1, xy: -1, yy: 0, x0: cw + cx, y0: h - ch - cy)
        default: return CairoMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: cx, y0: h - ch - cy)
        }
    }

    /// Whether qpdf must set `/Rotate` or `/CropBox` after cairo.
    public var needsBoxEdit: Bool { rotate != 0 || crop != nil }
}
