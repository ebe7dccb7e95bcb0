/// How tablet units map to page points on one page: x' = (x − originX) · scale,
/// y' = (y − originY) · scale, from the top-left of the displayed page, y down.
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
struct ReMarkablePageGeometry: Sendable, Equatable {
    static let dpi = 226.0
    static let pointsPerUnit = 72.0 / dpi
    static let screen = (width: 1404.0, height: 1872.0)

    var scale: Double
    var originX: Double
    var originY: Double

    func map(x: Double, y: Double) -> (x: Double, y: Double) {
        ((x - originX) * scale, (y - originY) * scale)
    }

    /// A notebook page: the geometry and the page size in points; `lowestY` (tablet units)
    /// makes the page taller when ink goes below the paper (a page scrolled down on the tablet).
    static func notebook(version: Int, paperSize: (width: Int, height: Int)?,
                         lowestY: Double?) -> (geometry: ReMarkablePageGeometry, width: Double, height: Double) {
        let width = Double(paperSize?.width ?? Int(screen.width)), height = Double(paperSize?.height ?? Int(screen.height))
        let geometry = ReMarkablePageGeometry(scale: pointsPerUnit, originX: version >= 6 ? -width / 2 : 0, originY: 0)
        var pageHeight = height
        if let lowestY, lowestY > height { pageHeight = (lowestY + 20).rounded(.up) }
        return (geometry, width * pointsPerUnit, pageHeight * pointsPerUnit)
    }

    /// Over a PDF page of `pdfSize` points (as displayed: after its rotation).
    static func pdf(version: Int, pdfSize: (width: Double, height: Double)) -> ReMarkablePageGeometry {
        if version >= 6 {
            return ReMarkablePageGeometry(scale: pointsPerUnit, originX: -(pdfSize.width / pointsPerUnit) / 2, originY: 0)
        }
        let scale = max(pdfSize.width / screen.width, pdfSize.height / screen.height)
        return ReMarkablePageGeometry(scale: scale, originX: 0, originY: 0)
    }
}
