import Foundation
@testable import InkImport

/// One-page PDFs whose annotations have the structure other tools write (measured on real files,
/// which stay in their projects): Acrobat's measurements with their captions, Acrobat's text markup
/// appearances (pdf.js's `quadpoints.pdf`) and links with visible borders. Written object by object
/// (`TestPDF`): objects 1–4 are the catalog, the pages, the page and its (empty) content.
struct OtherToolsAnnotationPDF {
    let width: Double, height: Double
    private var objects: [TestPDF.Object] = []
    private var annotations: [Int] = []

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        objects = [.text("<< /Type /Catalog /Pages 2 0 R >>"), .text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
                   .text("<< >>"), .stream([], dictionary: "")]
    }

    /// Adds an object; its number.
    mutating func add(_ object: TestPDF.Object) -> Int {
        objects.append(object)
        return objects.count
    }

    /// Adds an annotation dictionary to the page's `/Annots`.
    mutating func annotate(_ dictionary: String) { annotations.append(add(.text(dictionary))) }

    /// A Form XObject drawing `content`.
    mutating func form(_ content: String, bbox: [Double], matrix: [Double]? = nil, resources: String = "<< >>") -> Int {
        add(.stream(Array(content.utf8), dictionary: "/Type /XObject /Subtype /Form /BBox \(Self.array(bbox))"
                    + (matrix.map { " /Matrix \(Self.array($0))" } ?? "") + " /Resources \(resources)"))
    }

    func write(to path: String) throws {
        var objects = objects
        objects[2] = .text("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Self.number(width)) \(Self.number(height))] /Contents 4 0 R "
                           + "/Annots [\(annotations.map { "\($0) 0 R" }.joined(separator: " "))] >>")
        try TestPDF.write(objects, to: path)
    }

    static func number(_ value: Double) -> String { PagePlacement.pdfNumber((value * 10_000).rounded() / 10_000) }
    static func array(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: " ") + "]" }

    // MARK: Acrobat's measurements

    /// Helvetica for captions (an object of its own, named `/Helv` in the appearances' resources).
    mutating func helvetica() -> Int {
        add(.text("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"))
    }

    /// A measured annotation as Acrobat writes one: `/Measure` (a rectilinear scale), its value in
    /// `/Contents`, and an appearance that draws `outline` (content operators, in `colour`) and the value
    /// at `caption` in black 9 pt Helvetica. `keys`: the subtype's own (`/L`, `/Vertices`, `/Cap`, `/IT`…).
    mutating func measurement(_ subtype: String, rect: [Double], colour: String, keys: String, outline: String,
                              value: String, caption: (x: Double, y: Double), font: Int) {
        let appearance = form("\(colour) RG 1 w \(outline) BT 0 g /Helv 9 Tf \(Self.number(caption.x)) \(Self.number(caption.y)) Td (\(value)) Tj ET",
                              bbox: rect, resources: "<< /Font << /Helv \(font) 0 R >> >>")
        annotate("<< /Type /Annot /Subtype /\(subtype) /Rect \(Self.array(rect)) /F 4 /C [\(colour)] \(keys) /Contents (\(value)) "
                 + "/Measure << /Type /Measure /Subtype /RL /R (1 in = 10 ft) >> /AP << /N \(appearance) 0 R >> >>")
    }
}
