import InkModel

/// How tablet units map to page points on one page, from the top-left of the
/// displayed page, y down: x' = (x − originX) · scale, y' = (y − originY) · scale;
/// on a page the tablet showed turned (`turned`), the screen's frame is turned a
/// quarter turn clockwise onto the page: x' = turnedWidth − (y − originY) · scale,
/// y' = (x − originX) · scale.
///
/// - Notebook pages are the tablet's paper (1404 × 1872 px, or the size a
///   version 6 SceneInfo declares, e.g. 1620 × 2160) at 226 dpi; version 6
///   stores x from the page centre, versions 3 and 5 from the left edge.
/// - Version 6 over a PDF page: the tablet lays the PDF page out at its
///   physical size at the same 226 dpi (A4's 595 pt width is 1868 units), x
///   from the page's centre, y from its top, whatever the page's orientation.
///   Measured by others on device renders (Scrybbling-together/remarks pull
///   request 85, dsebastien/obsidian-remarkable-sync pull request 17).
/// - Versions 3 and 5 over a PDF page: the tablet fits the page inside its
///   1404 × 1872 screen (the page's width or height fills it, whichever is
///   the tighter), top-left aligned (lucasrla/remarks `get_pdf_to_device_ratio`).
///   A landscape page is shown turned a quarter turn anticlockwise, its width
///   along the screen's long side, and the ink is stored in the screen's frame
///   (rschroll/rmrl `merge_pages`; ddvk/rmfakecloud pull request 483, checked
///   there against the tablet's own export).
/// - Versions 3 and 5, a notebook whose `.content` says `"orientation": "landscape"`:
///   the same quarter turn, onto a page 1872 units wide and 1404 tall
///   (peerdavid/remapy shows such pages turned by `/Rotate 90`).
struct ReMarkablePageGeometry: Sendable, Equatable {
    static let dpi = 226.0
    static let pointsPerUnit = 72.0 / dpi
    static let screen = (width: 1404.0, height: 1872.0)

    var scale: Double
    var originX: Double
    var originY: Double
    /// The page's width in points when the screen's frame is turned onto it; nil when it is not.
    var turnedWidth: Double? = nil

    func map(x: Double, y: Double) -> (x: Double, y: Double) {
        if let turnedWidth { return (turnedWidth - (y - originY) * scale, (x - originX) * scale) }
        return ((x - originX) * scale, (y - originY) * scale)
    }

    /// A direction on the screen (radians, y down) as a direction on the page.
    func mapAngle(_ angle: Double) -> Double {
        guard turnedWidth != nil else { return angle }
        let turned = angle + .pi / 2
        return turned >= 2 * .pi ? turned - 2 * .pi : turned
    }

    /// A notebook page: the geometry and the page size in points; `farthest` (tablet units)
    /// makes the page longer when ink goes past the paper (a page scrolled on the tablet):
    /// the lowest y, or on a turned page the largest x, but never past `InkRange.maximumPageSide`
    /// (ink beyond it lies off the page). `landscape` turns a version 3 or 5 page.
    static func notebook(version: Int, paperSize: (width: Int, height: Int)?, farthest: (x: Double?, y: Double?),
                         landscape: Bool = false) -> (geometry: ReMarkablePageGeometry, width: Double, height: Double) {
        let width = Double(paperSize?.width ?? Int(screen.width)), height = Double(paperSize?.height ?? Int(screen.height))
        // In points: the side, or 20 units past the farthest ink, at most the largest PDF page.
        func grown(_ side: Double, toReach far: Double?) -> Double {
            guard let far, far > side else { return side * pointsPerUnit }
            return max(side * pointsPerUnit, min((far + 20).rounded(.up) * pointsPerUnit, InkRange.maximumPageSide))
        }
        if landscape, version < 6 {
            let across = grown(width, toReach: farthest.x)
            let geometry = ReMarkablePageGeometry(scale: pointsPerUnit, originX: 0, originY: 0, turnedWidth: height * pointsPerUnit)
            return (geometry, height * pointsPerUnit, across)
        }
        let geometry = ReMarkablePageGeometry(scale: pointsPerUnit, originX: version >= 6 ? -width / 2 : 0, originY: 0)
        return (geometry, width * pointsPerUnit, grown(height, toReach: farthest.y))
    }

    /// Over a PDF page of `pdfSize` points (as displayed: after its rotation).
    static func pdf(version: Int, pdfSize: (width: Double, height: Double)) -> ReMarkablePageGeometry {
        if version >= 6 {
            return ReMarkablePageGeometry(scale: pointsPerUnit, originX: -(pdfSize.width / pointsPerUnit) / 2, originY: 0)
        }
        if pdfSize.width > pdfSize.height {
            let scale = max(pdfSize.width / screen.height, pdfSize.height / screen.width)
            return ReMarkablePageGeometry(scale: scale, originX: 0, originY: 0, turnedWidth: pdfSize.width)
        }
        let scale = max(pdfSize.width / screen.width, pdfSize.height / screen.height)
        return ReMarkablePageGeometry(scale: scale, originX: 0, originY: 0)
    }
}
