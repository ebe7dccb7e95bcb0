import InkImport
import InkModel
import InkPDFContent
import InkRendering

/// Makes the `/Ink` annotations of one page from its layers, as
/// `docs/annotations.md` describes them: one a stroke (or one a layer), each
/// with its appearance written by the content writer in default user space,
/// its standard keys, and its ink-layers line. Pure: runs on the feed's threads.
enum InkAnnotationBuilder {
    /// How strokes are grouped into annotations (`--group`).
    typealias Grouping = ExportOptions.AnnotationGrouping

    /// The ink frame (`width` × `height`, y down) and where it goes (`placement`: the frame,
    /// PDF's way up, onto the page's default user space).
    struct Frame: Sendable, Equatable {
        var width: Double
        var height: Double
        var placement: [Double]
    }

    /// libdeflate's level for a page's packed strokes (`PackedLayers`).
    static let packedStrokesLevel: Int32 = 6

    /// The annotations of page `page`, in drawing order, and the packed strokes they draw.
    /// `author`: the header's, for strokes without their own. `withText`: each annotation's
    /// `/Contents` holds the words of the layers' `text` entries it draws (`contents(of:)`).
    static func annotations(page: Int, layers: [(layer: PageLayer, drawings: [[StrokeDrawing]])], frame: Frame,
                            grouping: Grouping, author: String?, withText: Bool = false, minimumConfidence: Double = 0,
                            compressors: inout PageInkProducer.Work.Compressors) throws -> InkAnnotationPage {
        var result: [InkAnnotation] = []
        var occurrences: [StrokeIdentity: Int] = [:]
        for (layerIndex, entry) in layers.enumerated() {
            let layer = entry.layer
            let words = withText && layer.hasRecognisedText ? contents(of: layer, minimumConfidence: minimumConfidence) : [:]
            switch grouping {
            case .stroke:
                for (index, (stroke, drawings)) in zip(layer.strokes, entry.drawings).enumerated() {
                    let identity = stroke.identity
                    occurrences[identity, default: 0] += 1
                    result.append(annotation([stroke], drawings: drawings, frame: frame,
                                             name: InkAnnotationFormat.name(of: identity, occurrence: occurrences[identity]!),
                                             range: InkAnnotation.StrokeRange(layer: layerIndex + 1, first: index + 1, count: 1),
                                             author: author, contents: words[index].map { $0.joined(separator: " ") },
                                             compressors: &compressors))
                }
            case .layer:
                guard !layer.strokes.isEmpty else { continue }
                let text = words.keys.sorted().flatMap { words[$0]! }
                result.append(annotation(layer.strokes, drawings: entry.drawings.flatMap { $0 }, frame: frame,
                                         name: InkAnnotationFormat.name(ofLayer: layerIndex + 1),
                                         range: InkAnnotation.StrokeRange(layer: layerIndex + 1, first: 1, count: layer.strokes.count),
                                         author: author, contents: text.isEmpty ? nil : text.joined(separator: " "),
                                         compressors: &compressors))
            }
        }
        let packed = try PackedLayers.encode(layers.map { entry in
            var layer = entry.layer
            layer.page = page
            return layer
        })
        return InkAnnotationPage(annotations: result, packedStrokes: compressors.packedStrokes.zlib(packed))
    }

    /// The words of `layer`'s `text` entries by the stroke that carries them: each entry's
    /// on its first stroke (the lowest index it names), in the entries' order. Every word is
    /// in one annotation, once, and in reading order within it (a viewer's comments panel
    /// lists it once, under the stroke where it begins).
    static func contents(of layer: PageLayer, minimumConfidence: Double = 0) -> [Int: [String]] {
        var words: [Int: [String]] = [:]
        for entry in layer.recognisedText where entry.isSure(atLeast: minimumConfidence) {
            guard let first = entry.strokes.min() else { continue }
            words[first, default: []].append(entry.text)
        }
        return words
    }

    /// One annotation drawing `strokes` (`drawings`: theirs, in order), `range` of the page's packed strokes;
    /// `contents`: what its strokes read (`/Contents`).
    private static func annotation(_ strokes: [Stroke], drawings: [StrokeDrawing], frame: Frame, name: String,
                                   range: InkAnnotation.StrokeRange, author: String?, contents: String? = nil,
                                   compressors: inout PageInkProducer.Work.Compressors) -> InkAnnotation {
        let rect = self.rect(of: drawings, strokes: strokes, frame: frame)
        let inkLists = strokes.map { InkAnnotationFormat.inkList(of: $0, height: frame.height, placement: frame.placement) }
        let first = strokes[0]
        let alpha = drawings.first?.paint.color.alpha ?? first.ink.color.alpha
        let created = strokes.map(\.created).min() ?? first.created
        let ended = strokes.map { $0.created + ($0.points.last?.t ?? 0) }.max() ?? created
        var keys = PDFText()
        keys.bytes.reserveCapacity(256 + inkLists.reduce(0) { $0 + 8 * $1.count })
        keys.append("/Type/Annot/Subtype/Ink/Rect")
        keys.numbers(rect, digits: 2)
        keys.append("/InkList[")
        for list in inkLists { keys.numbers(list, digits: InkAnnotationFormat.coordinateDigits) }
        keys.append("]/BS<</W ")
        keys.number(nominalWidth(strokes, placement: frame.placement), digits: 3)
        keys.append("/S/S>>/C")
        let color = first.ink.color
        keys.numbers([color.red, color.green, color.blue].map { min(max($0, 0), 1) }, digits: 3)
        keys.append("/CA ")
        keys.number(min(max(alpha, 0), 1), digits: 3)
        keys.append("/F 4/NM")
        keys.append(InkAnnotationFormat.pdfString(name))
        keys.append("/CreationDate(" + EmbeddedInk.pdfDate(created) + ")/M(" + EmbeddedInk.pdfDate(ended) + ")")
        if let who = Self.author(of: first) ?? author { keys.append("/T" + InkAnnotationFormat.pdfString(who)) }
        if strokes.allSatisfy({ $0.ink.type == .marker }) { keys.append("/IT/InkHighlight") }
        if let contents { keys.append("/Contents" + Self.textString(contents)) }
        let appearance = InkContentWriter.content(for: drawings, width: frame.width, height: frame.height,
                                                  placement: frame.placement).compressed(with: &compressors.content)
        return InkAnnotation(keys: keys.bytes, rect: rect, appearance: appearance, strokes: range)
    }

    /// The ink's `author` (a string under the stroke's or the ink's extension keys), when it says who wrote it.
    static func author(of stroke: Stroke) -> String? {
        for object in [stroke.extra, stroke.ink.extra] {
            if case .string(let name)? = object["author"], !name.isEmpty { return name }
        }
        return nil
    }

    /// `/BS /W`: the ink's nominal width, else its points' mean nib width, in user units.
    private static func nominalWidth(_ strokes: [Stroke], placement m: [Double]) -> Double {
        let widths = strokes.map { stroke -> Double in
            if let width = stroke.ink.width, width.isFinite, width > 0 { return width }
            let scale = stroke.transform.map { $0.isIdentity ? 1 : $0.meanScale } ?? 1
            return stroke.points.reduce(0) { $0 + $1.w } / Double(max(stroke.points.count, 1)) * scale
        }
        let points = widths.reduce(0, +) / Double(max(widths.count, 1))
        let userScale = abs(m[0] * m[3] - m[1] * m[2]).squareRoot()
        return min(max(points * userScale, 0), InkRange.maximumWidth)
    }

    /// `/Rect`: the bounds of what the drawings cover (control points, half a stroke's width
    /// beyond, one point of margin for joins and caps) in default user space, rounded outward.
    private static func rect(of drawings: [StrokeDrawing], strokes: [Stroke], frame: Frame) -> [Double] {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for drawing in drawings {
            var reach = 1.0
            if case .stroke(let width) = drawing.paint.style { reach += width / 2 }
            for element in drawing.path.elements {
                let points: [Point]
                switch element {
                case .move(let p), .line(let p): points = [p]
                case .curve(let a, let b, let p): points = [a, b, p]
                case .close: points = []
                }
                for p in points where p.x.isFinite && p.y.isFinite {
                    minX = min(minX, p.x - reach); maxX = max(maxX, p.x + reach)
                    minY = min(minY, p.y - reach); maxY = max(maxY, p.y + reach)
                }
            }
        }
        if !minX.isFinite {
            // Nothing drawn (e.g. zero-size points): the centreline's bounds.
            for stroke in strokes {
                for p in stroke.points {
                    minX = min(minX, p.x - 1); maxX = max(maxX, p.x + 1)
                    minY = min(minY, p.y - 1); maxY = max(maxY, p.y + 1)
                }
            }
        }
        let limit = InkRange.maximumCoordinate
        let corners = [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)].map {
            InkAnnotationFormat.userSpace(InkRange.clamped($0.0, to: limit), InkRange.clamped($0.1, to: limit),
                                          height: frame.height, placement: frame.placement)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return [(xs.min()! * 100).rounded(.down) / 100, (ys.min()! * 100).rounded(.down) / 100,
                (xs.max()! * 100).rounded(.up) / 100, (ys.max()! * 100).rounded(.up) / 100]
    }

    /// `text` as a PDF text string: literal when it is printable ASCII (parentheses and
    /// backslashes escaped), else UTF-16BE with its byte order mark, which every reader
    /// takes (ISO 32000-1, 7.9.2.2), in hexadecimal.
    static func textString(_ text: String) -> String {
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            var literal = "("
            for character in text {
                if character == "(" || character == ")" || character == "\\" { literal += "\\" }
                literal.append(character)
            }
            return literal + ")"
        }
        let digits = Array("0123456789ABCDEF")
        var hex = "<FEFF"
        for unit in text.utf16 {
            for shift in [12, 8, 4, 0] { hex.append(digits[Int((unit >> UInt16(shift)) & 15)]) }
        }
        return hex + ">"
    }

    /// PDF syntax built as bytes: the numbers by `PDFNumberWriter`.
    private struct PDFText {
        var bytes: [UInt8] = []

        mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

        mutating func number(_ value: Double, digits: Int) {
            PDFNumberWriter.appendDecimal(value, fractionDigits: digits, to: &bytes)
        }

        mutating func numbers(_ values: [Double], digits: Int) {
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(32) }
                number(value, digits: digits)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }
}
