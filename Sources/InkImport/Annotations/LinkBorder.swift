import Foundation
import InkModel
import LibQPDF

/// The border a viewer draws around a link (`/Border [0 0 w]` with w > 0, or `/BS`, in the colour `/C`), in
/// the frame of the page as displayed (points, y down): what poppler-glib leaves out when it draws a page
/// for printing (it draws no link at all there), so that flatten draws it itself.
///
/// Drawn as poppler draws it on screen and `pdftocairo` when printing: along the `/Rect`'s edges (not its
/// `/QuadPoints`), centred on them, solid or dashed (`/BS /S /D`), the bottom edge alone for `/BS /S /U`.
/// Only a link with a colour has one: poppler draws black where `/C` is missing, pdf.js, MuPDF and PDFium
/// nothing (MuPDF and PDFium draw no link border at all); the majority is followed.
public struct LinkBorder: Sendable {
    /// The corners of the `/Rect` (or the two ends of its bottom edge), displayed frame.
    public var points: [(x: Double, y: Double)]
    /// Whether the path goes round (every style but underline).
    public var closed: Bool
    /// In points.
    public var width: Double
    /// Dash lengths in points; nil for solid.
    public var dashes: [Double]?
    public var color: RGBAColor

    /// The border of `annotation` (a `/Link` dictionary) on a page placed by `placement`; nil when
    /// it has none a viewer draws (no colour, no width, no `/Rect` of four numbers on the page).
    public init?(link annotation: QPDFObject, placement: PagePlacement) {
        guard annotation.isDictionary, annotation["/Subtype"]?.isName("/Link") == true,
              let colour = annotation["/C"], colour.isArray, colour.count > 0 else { return nil }
        let style = AnnotationStyle(borderOf: annotation)
        // A colour or width that is not one draws nothing, as in pdf.js, rather than AnnotationStyle's black or 1 pt.
        guard let color = style.color, !style.problems.contains(where: { $0.hasPrefix("/C ") || $0.contains(" /W ") || $0.hasPrefix("/Border") }),
              style.width > 0, let rect = annotation["/Rect"], rect.isArray, rect.count == 4 else { return nil }
        let n = rect.numbers(limit: 4)
        guard n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        let (x0, y0, x1, y1) = (min(n[0], n[2]), min(n[1], n[3]), max(n[0], n[2]), max(n[1], n[3]))
        let underline = annotation["/BS"].map { $0.isDictionary && $0["/S"]?.isName("/U") == true } ?? false
        let corners = underline ? [(x0, y0), (x1, y0)] : [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        let height = placement.displayedSize.height, matrix = placement.matrix
        var points: [(x: Double, y: Double)] = []
        for corner in corners {
            guard let p = InkAnnotationFormat.inkFrame(corner.0, corner.1, height: height, placement: matrix),
                  InkRange.isCoordinate(p.x), InkRange.isCoordinate(p.y) else { return nil }
            points.append(p)
        }
        let width = style.width * placement.userUnit
        guard InkRange.isWidth(width) else { return nil }
        self.points = points
        closed = !underline
        self.width = width
        dashes = style.dashes.map { $0.map { $0 * placement.userUnit } }
        self.color = color
    }

    /// The borders of the links that `visibility` takes by their flags among the first `limit` entries of
    /// `page`'s `/Annots` but those in `skipping`.
    public static func borders(onPage page: QPDFObject, visibility: AnnotationVisibility,
                               limit: Int = PDFAnnotationReader.maximumAnnotationsPerPage, skipping: IndexSet = IndexSet()) -> [LinkBorder] {
        guard let annotations = page["/Annots"], annotations.isArray else { return [] }
        var placement: PagePlacement?
        var borders: [LinkBorder] = []
        for index in 0..<min(annotations.count, limit) where !skipping.contains(index) {
            let annotation = annotations[index]
            // The flags first: hyperref's thousands of boxes do not print, and are not read further when printing.
            guard annotation.isDictionary, annotation["/Subtype"]?.isName("/Link") == true,
                  visibility.includes(flags: annotation["/F"]?.integer ?? 0) else { continue }
            let placed = placement ?? PagePlacement(page: page)
            placement = placed
            if let border = LinkBorder(link: annotation, placement: placed) { borders.append(border) }
        }
        return borders
    }

    /// The length of the path drawn (for bounding its dash pieces).
    public var length: Double {
        var total = 0.0
        let path = closed ? points + points.prefix(1) : points
        for (a, b) in zip(path, path.dropFirst()) { total += hypot(b.x - a.x, b.y - a.y) }
        return total
    }
}
