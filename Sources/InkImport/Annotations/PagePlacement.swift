import Foundation
import LibQPDF

/// Where a page's ink goes in the page's own coordinates.
///
/// Ink is written (by the content writer as a form, or by cairo as a page of
/// its own) in the frame of the ink-layers format: the page as displayed, in points. That frame is the
/// visible box (CropBox clipped to the MediaBox, as viewers show it) turned
/// by `/Rotate` and scaled by `/UserUnit`. `matrix` maps the ink page (PDF
/// convention, origin bottom-left) onto the page's default user space, so
/// the ink lands where its coordinates say and the page's own content is
/// not moved at all.
public struct PagePlacement: Equatable {
    /// The visible box in default user space: x, y (lower-left), width, height.
    public var box: (x: Double, y: Double, width: Double, height: Double)
    /// 0, 90, 180 or 270 (clockwise, as `/Rotate`).
    public var rotation: Int
    /// Points per user-space unit (`/UserUnit`, 1 unless the page says).
    public var userUnit: Double

    public static func == (a: PagePlacement, b: PagePlacement) -> Bool {
        a.box == b.box && a.rotation == b.rotation && a.userUnit == b.userUnit
    }

    /// `mediaBox` and `cropBox` as the four numbers of the PDF arrays (any corner order).
    public init(mediaBox: [Double], cropBox: [Double]?, rotate: Int, userUnit: Double?) {
        func normalised(_ box: [Double]) -> (Double, Double, Double, Double)? {
            guard box.count == 4, box.allSatisfy(\.isFinite) else { return nil }
            return (min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3]))
        }
        let media = normalised(mediaBox) ?? (0, 0, 612, 792)
        var visible = media
        if let crop = cropBox.flatMap(normalised) {
            // Viewers show the part of the CropBox inside the MediaBox.
            let clipped = (max(crop.0, media.0), max(crop.1, media.1), min(crop.2, media.2), min(crop.3, media.3))
            if clipped.2 > clipped.0, clipped.3 > clipped.1 { visible = clipped }
        }
        box = (visible.0, visible.1, visible.2 - visible.0, visible.3 - visible.1)
        rotation = Self.normalisedRotation(rotate)
        let unit = userUnit ?? 1
        self.userUnit = unit.isFinite && unit > 0 ? unit : 1
    }

    /// The placement of `page` (a page dictionary): its boxes and `/Rotate` as inherited, its `/UserUnit`.
    public init(page: QPDFObject) {
        func numbers(_ box: QPDFObject?) -> [Double]? {
            guard let box, box.isArray, box.count == 4 else { return nil }
            let values = box.items.compactMap(\.number)
            return values.count == 4 ? values : nil
        }
        self.init(mediaBox: numbers(page.inherited("/MediaBox")) ?? [0, 0, 612, 792],
                  cropBox: numbers(page.inherited("/CropBox")),
                  rotate: page.inherited("/Rotate")?.integer ?? 0,
                  userUnit: page["/UserUnit"]?.number)
    }

    /// A multiple of 90 brought into 0 … 270; anything else counts as 0, as poppler does.
    public static func normalisedRotation(_ rotate: Int) -> Int {
        let wrapped = ((rotate % 360) + 360) % 360
        return wrapped % 90 == 0 ? wrapped : 0
    }

    /// The displayed page in points: what the ink's coordinates span.
    public var displayedSize: (width: Double, height: Double) {
        let turned = rotation == 90 || rotation == 270
        let width = (turned ? box.height : box.width) * userUnit
        let height = (turned ? box.width : box.height) * userUnit
        return (width, height)
    }

    /// `a b c d e f` of the `cm` that places the ink page: scale points to
    /// user units, turn by the rotation, move to the visible box's corner.
    public var matrix: [Double] {
        let (x, y, w, h) = box
        let s = 1 / userUnit
        switch rotation {
        case 90: return [0, s, -s, 0, x + w, y]
        case 180: return [-s, 0, 0, -s, x + w, y + h]
        case 270: return [0, -s, s, 0, x, y + h]
        default: return [s, 0, 0, s, x, y]
        }
    }

    /// A number as PDF content syntax: no exponent, at most 6 decimals, no trailing zeros.
    public static func pdfNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
