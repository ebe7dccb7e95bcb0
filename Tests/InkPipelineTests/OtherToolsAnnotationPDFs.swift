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

    // MARK: Acrobat's text markup

    /// One quadrilateral of text: from `x0` to `x1`, its bottom at `bottom`, `height` high.
    struct Quad {
        var x0, x1, bottom, height: Double
        /// `/QuadPoints` in Acrobat's order: upper left, upper right, lower left, lower right.
        var points: [Double] { [x0, bottom + height, x1, bottom + height, x0, bottom, x1, bottom] }
    }

    /// The `/Rect` Acrobat gives quads: their bounds, a little wider.
    static func rect(of quads: [Quad]) -> [Double] {
        [quads.map(\.x0).min()! - 4, quads.map(\.bottom).min()! - 1, quads.map(\.x1).max()! + 4, quads.map { $0.bottom + $0.height }.max()! + 1]
    }

    /// An underline (`fraction` 1/7) or strike-out (3/7) as Acrobat draws it: a line `fraction` of each quad's
    /// height above its bottom, a sixteenth of it wide, in a form whose `/BBox` is the `/Rect` moved to the origin.
    mutating func ruledMarkup(_ subtype: String, quads: [Quad], colour: String, fraction: Double) {
        let rect = Self.rect(of: quads)
        let lines = quads.map { q in
            let y = Self.number(q.bottom + q.height * fraction)
            return "\(Self.number(q.height / 16)) w\n\(Self.number(q.x0)) \(y) m\n\(Self.number(q.x1)) \(y) l\nS\n"
        }
        let appearance = form("\(colour) RG\n" + lines.joined(), bbox: rect, matrix: [1, 0, 0, 1, -rect[0], -rect[1]])
        annotate("<< /Type /Annot /Subtype /\(subtype) /Rect \(Self.array(rect)) /F 4 /C [\(colour)] /QuadPoints \(Self.array(quads.flatMap(\.points))) "
                 + "/NM (\(subtype.lowercased())-1) /AP << /N \(appearance) 0 R >> >>")
    }

    /// A squiggly underline as Acrobat draws it: an uncoloured tiling pattern (a zigzag in a 10 × 12 cell, 1 unit
    /// wide) filling a form per quad, scaled to the quad's height (h/40 along, h/72 across, h/56 above its bottom).
    mutating func squiggly(quads: [Quad], colour: String) {
        let rect = Self.rect(of: quads)
        let pattern = add(.stream(Array("q 1 i  1 J 1 j 1 w 10 M []0 d 0 1 m 5 11 l 10 1 l S Q ".utf8),
                                  dictionary: "/Type /Pattern /PatternType 1 /PaintType 2 /TilingType 3 /BBox [0 0 10 12] /XStep 10 /YStep 13 /Resources << >>"))
        var content = "", forms = ""
        for (index, q) in quads.enumerated() {
            let length = (q.x1 - q.x0) * 40 / q.height
            let cell = form("/Pattern+DeviceRGB cs\n\(colour) /squiggly scn\n0 0 \(Self.number(length)) 12 re\nf\n",
                            bbox: [-0.5, -0.5, length + 0.5, 12.5], matrix: [1, 0, 0, 1, 0.5, 0.5],
                            resources: "<< /ColorSpace << /Pattern+DeviceRGB [/Pattern /DeviceRGB] >> /Pattern << /squiggly \(pattern) 0 R >> >>")
            forms += "/F\(index) \(cell) 0 R "
            content += "q\n\(Self.number(q.height / 40)) 0 0 \(Self.number(q.height / 72)) \(Self.number(q.x0)) \(Self.number(q.bottom + q.height / 56)) cm\n/F\(index) Do\nQ\n"
        }
        let appearance = form(content, bbox: rect, matrix: [1, 0, 0, 1, -rect[0], -rect[1]], resources: "<< /XObject << \(forms)>> >>")
        annotate("<< /Type /Annot /Subtype /Squiggly /Rect \(Self.array(rect)) /F 4 /C [\(colour)] /IT /Underline /QuadPoints \(Self.array(quads.flatMap(\.points))) "
                 + "/NM (squiggly-1) /AP << /N \(appearance) 0 R >> >>")
    }

    // MARK: Links

    /// A link to a web page over `quads` (as Acrobat writes one over two lines of text: `/QuadPoints`,
    /// `/H /I`, a `/Rect` round them) with `border` (`/BS`, `/Border`, `/C`, `/F` as given).
    mutating func link(quads: [Quad], border: String) {
        let rect = [quads.map(\.x0).min()!, quads.map(\.bottom).min()!, quads.map(\.x1).max()!, quads.map { $0.bottom + $0.height }.max()!]
        annotate("<< /Type /Annot /Subtype /Link /Rect \(Self.array(rect)) /H /I /QuadPoints \(Self.array(quads.flatMap(\.points))) "
                 + "/A << /S /URI /URI (https://example.org/) >> \(border) >>")
    }
}
