import Foundation
import InkModel
import LibQPDF

/// The annotations of one page read as strokes: what `PDFAnnotationReader` does for each page,
/// with the counts and warnings the notes give. Used while the page's qpdf handles are valid.
struct PageAnnotations {
    typealias Position = AnnotationGeometry.Position
    let number: Int
    let path: String
    private(set) var layers: [PageLayer] = []
    /// The recognised text of the page's strokes, by the layer it goes to (applied once the page is read):
    /// a stored layer's entries follow its strokes into whichever annotations hold them, and a
    /// foreign `/Ink` annotation's `/Contents` is the text of its strokes.
    private var text: [TextKey: PendingText] = [:]
    private struct TextKey: Hashable {
        /// The stored stream and its layer, or (0, annotation place) for an annotation's `/Contents`.
        var stream: Int64
        var layer: Int
        var entry: Int
    }
    /// One entry as found (its JSON kept as written) and where its strokes went.
    private struct PendingText {
        var layer: Int
        /// Reading order: the stored layer's, by the order the page met it, then the entry's place in it.
        var order: (source: Int, entry: Int)
        var json: JSONObject
        /// The strokes the entry names where it was found, and the page layer's index of each found so far.
        var named: [Int]
        var placed: [Int: Int] = [:]

        /// The entry for the page's layer: as written when its strokes kept their numbers.
        var value: JSONValue {
            let strokes = named.compactMap { placed[$0] }
            var json = json
            if strokes != named { json["strokes"] = .array(strokes.map { JSONValue.number($0) }) }
            return .object(json)
        }
    }
    /// The order in which the page met each stored layer (and each `/Contents`).
    private var textSources: [TextKey: Int] = [:]
    private(set) var converted: [ConvertedAnnotation] = []
    /// The document's warnings (given in, taken back after the page): one line a kind.
    var tally: WarningTally
    /// What the page's annotations gave, for the page's line of the notes.
    private(set) var counts = Counts()
    private(set) var hasAnnotations = false
    private var height = 0.0
    private var matrix: [Double] = [1, 0, 0, 1, 0, 0]
    private var userUnit = 1.0
    /// The latest warning about the annotation being read: why it gave no stroke.
    private var reason: String?
    /// Whether the annotation being read holds numbers no drawing can use (a quad far off the
    /// page): hidden from poppler's drawing as a converted one is, since poppler would spend
    /// minutes and gigabytes drawing it (a squiggle along 3.4e308 points).
    private var hideFromDrawing = false
    private var pointsLeft: Int
    /// The points the page may give: the page's budget, or what the document's leaves it.
    private let allowance: Int
    /// The points the page's annotations gave (charged to the document's budget).
    var pointsSpent: Int { allowance - pointsLeft }
    /// The page's limit as the warnings name it.
    private var limitText: String {
        allowance >= PDFAnnotationReader.maximumPointsPerPage ? "the page's \(PDFAnnotationReader.maximumPointsPerPage) points"
            : "the \(allowance) points the document's budget left the page"
    }
    /// The document's stored strokes, each stream decoded once (`StoredInkCache`).
    private let cache: StoredInkCache
    /// What the page's annotations may still take of stored strokes, in points, whether they
    /// are handed out or, the `/InkList` not matching, only compared.
    private var storedPointsLeft = PDFAnnotationReader.maximumPointsPerPage
    /// Per subtype, how many annotations poppler loads (for `ConvertedAnnotation.ordinal`).
    private var ordinals: [String: Int] = [:]
    private let page: QPDFObject
    /// Whether the page will be drawn with these strokes over it (a flatten of the PDF's own
    /// annotations): an annotation drawn as itself after one that would become ink, where their
    /// `/Rect`s overlap, must stay above it, so that one is left drawn as itself too.
    private let keepsStacking: Bool
    /// Which annotations are read, by their flags (`--annotations`).
    private let visibility: AnnotationVisibility
    /// With `keepsStacking`, the annotations drawn as themselves: place (1-based) and `/Rect`
    /// (nil when it is not four numbers: it may cover anything), in page order.
    private var drawnAsThemselves: [(place: Int, rect: Rect?)] = []
    /// Past this many annotations drawn as themselves on a page, overlap is not worked out pair by
    /// pair: every annotation before the last of them stays drawn as itself.
    static let maximumOverlapChecks = 1_000

    init(number: Int, page: QPDFObject, path: String, cache: StoredInkCache, tally: WarningTally,
         keepsStacking: Bool = false, visibility: AnnotationVisibility = .print, points: Int = PDFAnnotationReader.maximumPointsPerPage) {
        allowance = min(points, PDFAnnotationReader.maximumPointsPerPage)
        pointsLeft = allowance
        self.number = number
        self.page = page
        self.path = path
        self.cache = cache
        self.tally = tally
        self.keepsStacking = keepsStacking
        self.visibility = visibility
        counts.skippedWhy = visibility.leftOutReason
    }

    typealias Rect = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// An annotation's `/Rect`, normalised; nil when it is not four finite numbers.
    private static func rect(of annotation: QPDFObject) -> Rect? {
        guard let array = annotation["/Rect"], array.isArray, array.count == 4 else { return nil }
        let n = (0..<4).compactMap { array[$0].number }
        guard n.count == 4, n.allSatisfy(\.isFinite) else { return nil }
        return (min(n[0], n[2]), min(n[1], n[3]), max(n[0], n[2]), max(n[1], n[3]))
    }

    /// Whether an annotation at `place` with `rect` lies under one drawn as itself after it.
    private func liesUnderOneDrawnAsItself(place: Int, rect: Rect?) -> Bool {
        guard let last = drawnAsThemselves.last, last.place > place else { return false }
        if drawnAsThemselves.count > Self.maximumOverlapChecks { return true }
        guard let rect else { return true }
        return drawnAsThemselves.contains { other in
            guard other.place > place else { return false }
            guard let o = other.rect else { return true }
            return o.x0 < rect.x1 && rect.x0 < o.x1 && o.y0 < rect.y1 && rect.y0 < o.y1
        }
    }

    /// Text markup: drawn over text from its /QuadPoints. When the PDF is drawn under the strokes (flatten, export of
    /// a PDF's own annotations), one with an appearance stream stays drawn as that appearance: poppler, MuPDF and
    /// PDFium all draw it rather than the quadrilaterals, and its author's shape (rounded highlights, a smooth wave
    /// for a squiggle, an underline a little above the bottom edge) differs from the strokes made from /QuadPoints
    /// (pdfannots' issue46.pdf and word2column.pdf: agreement 0.91 and 0.96 with all three, now as theirs).
    /// `convert` still reads it as strokes.
    static let markup: Set<String> = ["Highlight", "Underline", "StrikeOut", "Squiggly"]

    /// Text markup (`markup`) with an appearance stream of its own.
    static func isMarkupWithItsAppearance(_ annotation: QPDFObject, subtype: String) -> Bool {
        markup.contains(subtype) && annotation["/AP"]?["/N"]?.isStream == true
    }

    /// The annotation subtypes the reader turns into strokes.
    static let convertible: Set<String> = ["Ink", "Highlight", "Underline", "StrikeOut", "Squiggly",
                                           "Line", "PolyLine", "Polygon", "Square", "Circle"]

    /// What of `annotation` a stroke cannot carry, so that it stays drawn as its own appearance
    /// (as viewers show it) rather than become ink; nil when its strokes carry all it draws.
    static func cannotCarry(_ annotation: QPDFObject, subtype: String, style: AnnotationStyle) -> String? {
        if style.hasInteriorColor, ["Square", "Circle", "Polygon"].contains(subtype) {
            return "a fill (/IC)"
        }
        if subtype == "Line" || subtype == "PolyLine", let endings = annotation["/LE"], endings.isArray,
           (0..<min(endings.count, 2)).contains(where: { endings[$0].name.map { $0 != "/None" } ?? false }) {
            return "line endings (/LE)"
        }
        // A measurement's caption (Acrobat's "364.34 sq ft" over a floor plan) is text in its appearance,
        // which poppler, MuPDF and PDFium all draw, whichever shape carries it (a Square or Circle too:
        // converted, those lost their text). Without an appearance only a Line's caption is drawn (`/Cap`
        // below): poppler at 9 pt, MuPDF at 12 pt, PDFium no Line at all; flatten leaves it to poppler,
        // with the majority that draws it. No engine draws one for the other shapes.
        if annotation["/Measure"] != nil, ["Line", "PolyLine", "Polygon", "Square", "Circle"].contains(subtype) {
            return "a measurement caption (/Measure)"
        }
        if subtype == "Line", annotation["/Cap"]?.isTrue == true, let contents = annotation["/Contents"]?.text, !contents.isEmpty {
            return "a caption (/Cap)"
        }
        if let border = annotation["/BE"], border.isDictionary, border["/S"]?.isName("/C") == true {
            return "a cloudy border (/BE)"
        }
        return nil
    }

    /// Annotations drawn as themselves that do not hold back the ink under them (`drawnAsItself`): a
    /// Caret is a small mark at a point of the text (an insertion, or the end of a replaced passage whose
    /// StrikeOut it overlaps, Acrobat's "replace text"), which hides nothing under it. Holding that
    /// StrikeOut back made `flatten` count a stroke fewer than `convert` of the same file.
    static let hidesNothing: Set<String> = ["Caret"]

    /// Whether `annotation` is drawn on the printed page as itself (not turned into ink), over what
    /// lies under it.
    private static func drawnAsItself(_ annotation: QPDFObject) -> Bool {
        guard annotation.isDictionary, let subtypeName = annotation["/Subtype"]?.name else { return false }
        let subtype = String(subtypeName.dropFirst())
        guard subtype != "Link", subtype != "Popup", !hidesNothing.contains(subtype) else { return false }
        // poppler draws the page as it prints: the annotations `--annotations print` would read.
        guard AnnotationVisibility.print.includes(flags: annotation["/F"]?.integer ?? 0) else { return false }
        guard convertible.contains(subtype) else { return true }
        if isMarkupWithItsAppearance(annotation, subtype: subtype) { return true }
        return cannotCarry(annotation, subtype: subtype, style: AnnotationStyle(annotation)) != nil
    }

    /// How many annotations of each subtype were read or left, and the strokes they gave.
    struct Counts {
        var read: [String: Int] = [:]
        var leftOut: [String: Int] = [:]
        var skipped = 0
        /// Why the skipped ones were (`AnnotationVisibility.leftOutReason`).
        var skippedWhy = AnnotationVisibility.print.leftOutReason
        /// Annotations left drawn as their own appearance, by "Subtype (reason)".
        var keptAsDrawn: [String: Int] = [:]
        var strokes = 0

        var isEmpty: Bool { read.isEmpty && leftOut.isEmpty && skipped == 0 && keptAsDrawn.isEmpty }

        mutating func add(_ other: Counts) {
            read.merge(other.read, uniquingKeysWith: +)
            leftOut.merge(other.leftOut, uniquingKeysWith: +)
            keptAsDrawn.merge(other.keptAsDrawn, uniquingKeysWith: +)
            skipped += other.skipped
            skippedWhy = other.skippedWhy
            strokes += other.strokes
        }

        /// "1 Highlight, 3 Ink → 4 strokes; 1 Stamp annotation left as it is (not ink); …"; nil when empty.
        var text: String? {
            func list(_ counts: [String: Int]) -> String {
                counts.keys.sorted().map { "\(counts[$0]!) \($0)" }.joined(separator: ", ")
            }
            var parts: [String] = []
            if !read.isEmpty { parts.append("\(list(read)) → \(strokes) stroke\(strokes == 1 ? "" : "s")") }
            if !leftOut.isEmpty {
                let total = leftOut.values.reduce(0, +)
                parts.append("\(list(leftOut)) annotation\(total == 1 ? "" : "s") left as \(total == 1 ? "it is" : "they are") (not ink)")
            }
            if !keptAsDrawn.isEmpty {
                parts.append(list(keptAsDrawn) + " drawn as \(keptAsDrawn.values.reduce(0, +) == 1 ? "its" : "their") own appearance, not as ink")
            }
            if skipped > 0 {
                parts.append("\(skipped) annotation\(skipped == 1 ? "" : "s") skipped: \(skippedWhy)")
            }
            return parts.isEmpty ? nil : parts.joined(separator: "; ")
        }
    }

    mutating func read() {
        let placement = PagePlacement(page: page)
        height = placement.displayedSize.height
        matrix = placement.matrix
        userUnit = placement.userUnit
        guard let annotations = page["/Annots"], annotations.isArray else { return }
        let count = annotations.count
        if count > PDFAnnotationReader.maximumAnnotationsPerPage {
            let problem = "\(count) annotations; only the first \(PDFAnnotationReader.maximumAnnotationsPerPage) are read"
            tally.add("\(path): page \(number): \(problem)", page: number, kindOf: problem)
        }
        let limit = min(count, PDFAnnotationReader.maximumAnnotationsPerPage)
        if keepsStacking {
            drawnAsThemselves = (0..<limit).filter { Self.drawnAsItself(annotations[$0]) }
                .map { (place: $0 + 1, rect: Self.rect(of: annotations[$0])) }
        }
        for index in 0..<limit {
            read(annotations[index], place: index + 1)
        }
        for (index, entries) in Dictionary(grouping: text.values, by: \.layer) {
            let ordered = entries.sorted { $0.order.source != $1.order.source ? $0.order.source < $1.order.source : $0.order.entry < $1.order.entry }
            layers[index].extra[RecognisedText.key] = .array(ordered.map(\.value))
        }
    }

    // MARK: One annotation

    private mutating func read(_ annotation: QPDFObject, place: Int) {
        guard annotation.isDictionary else {
            warn(place, nil, annotation.isNull ? "is null or cannot be read (a damaged object); left out" : "is not a dictionary; left out")
            return
        }
        guard let subtypeName = annotation["/Subtype"]?.name else {
            hasAnnotations = true
            warn(place, annotation, "has no /Subtype; left as it is")
            return
        }
        let subtype = String(subtypeName.dropFirst())
        guard !PDFAnnotationReader.notInk.contains(subtype) else { return }
        hasAnnotations = true
        let ordinal = Self.popplerLoads(annotation, subtype: subtype) ? ordinals[subtype, default: 0] : nil
        if ordinal != nil { ordinals[subtype, default: 0] += 1 }
        let flags = annotation["/F"]?.integer ?? 0
        // By default as `qpdf --flatten-annotations=print` and poppler's print rendering: Invisible (1),
        // Hidden (2), and no Print (4) are left out; `--annotations screen|all` reads more.
        if !visibility.includes(flags: flags) {
            counts.skipped += 1
            switch visibility {
            case .print:
                warn(place, annotation, flags & 3 != 0 ? "is hidden; skipped, as printing leaves it out (--annotations all reads it)"
                                                       : "has no Print flag (/F 4); skipped, as printing leaves it out (--annotations screen reads it)")
            default:
                warn(place, annotation, "is hidden or not shown on screen; skipped (--annotations all reads it)")
            }
            return
        }
        reason = nil
        hideFromDrawing = false
        let style = AnnotationStyle(annotation)
        if Self.convertible.contains(subtype) {
            if let why = Self.cannotCarry(annotation, subtype: subtype, style: style) {
                counts.keptAsDrawn["\(subtype) (\(why) a stroke cannot carry)", default: 0] += 1
                return
            }
            if keepsStacking, Self.isMarkupWithItsAppearance(annotation, subtype: subtype) {
                counts.keptAsDrawn["\(subtype) (an appearance every viewer draws)", default: 0] += 1
                return
            }
            if keepsStacking, liesUnderOneDrawnAsItself(place: place, rect: Self.rect(of: annotation)) {
                counts.keptAsDrawn["\(subtype) (under an annotation drawn after it, kept in that order)", default: 0] += 1
                return
            }
        }
        let produced: Int
        switch subtype {
        case "Ink": produced = readInk(annotation, style: style, place: place)
        case "Highlight", "Underline", "StrikeOut", "Squiggly":
            produced = readMarkup(annotation, subtype: subtype, style: style, place: place)
        case "Line", "PolyLine", "Polygon", "Square", "Circle":
            produced = readShape(annotation, subtype: subtype, style: style, place: place)
        default:
            counts.leftOut[subtype, default: 0] += 1
            return
        }
        guard produced > 0 else {
            if hideFromDrawing, let ordinal {
                converted.append(ConvertedAnnotation(subtype: subtype, ordinal: ordinal, name: style.name))
                warn(place, annotation, "is not drawn: its numbers lie too far off the page for any viewer to draw")
            }
            let why = reason.map { $0.hasSuffix("; left out") ? String($0.dropLast(10)) : $0 } ?? "it holds no point"
            warn(place, annotation, "gives no stroke (\(why)); left as it is")
            counts.leftOut[subtype, default: 0] += 1
            return
        }
        for problem in style.problems { warn(place, annotation, problem) }
        counts.read[subtype, default: 0] += 1
        counts.strokes += produced
        if let ordinal { converted.append(ConvertedAnnotation(subtype: subtype, ordinal: ordinal, name: style.name)) }
    }

    /// Whether poppler keeps this annotation on its page (it drops one without a `/Rect`
    /// of four, or without the key its subtype is drawn from), so that ordinals count alike.
    static func popplerLoads(_ annotation: QPDFObject, subtype: String) -> Bool {
        guard let rect = annotation["/Rect"], rect.isArray, rect.count == 4 else { return false }
        switch subtype {
        // poppler keeps an /Ink without /InkList when it has an appearance (`/AP` a dictionary).
        case "Ink": return annotation["/InkList"]?.isArray == true || annotation["/AP"]?.isDictionary == true
        case "Highlight", "Underline", "StrikeOut", "Squiggly": return annotation["/QuadPoints"]?.isArray == true
        case "Line": return annotation["/L"].map { $0.isArray && $0.count == 4 } ?? false
        case "PolyLine", "Polygon": return annotation["/Vertices"]?.isArray == true
        default: return true
        }
    }

    // MARK: Ink

    private mutating func readInk(_ annotation: QPDFObject, style: AnnotationStyle, place: Int) -> Int {
        if let entry = annotation[InkAnnotationFormat.strokesKey] {
            if let stored = packedLayer(entry, annotation: annotation, place: place) {
                return own(stored.layer, points: stored.points, source: stored.source, annotation: annotation, style: style, place: place)
            }
        } else if let stream = annotation[InkAnnotationFormat.layerKey] {
            if let stored = storedLayer(stream, annotation: annotation, place: place) {
                return own(stored.layer, points: stored.points, source: stored.source, annotation: annotation, style: style, place: place)
            }
        }
        let found = inkList(annotation, place: place)
        let strokes = foreignInk(found, annotation: annotation, style: style, place: place)
        append(strokes, to: PDFAnnotationReader.layerName, extra: JSONObject(), contents: annotation, place: place)
        return strokes.count
    }

    /// `/InkList` as arrays of numbers (user space), each at most the per-annotation cap.
    private mutating func inkList(_ annotation: QPDFObject, place: Int) -> [[Double]] {
        guard let list = annotation["/InkList"] else { return [] }
        guard list.isArray else { warn(place, annotation, "/InkList is not an array"); return [] }
        guard pointsLeft > 0 else {
            warn(place, annotation, "\(limitText) are spent; its /InkList is left out")
            return []
        }
        var entries: [[Double]] = []
        var budget = 2 * min(PDFAnnotationReader.maximumPointsPerAnnotation, pointsLeft)
        for index in 0..<list.count {
            guard budget > 0 else {
                warn(place, annotation, "/InkList has more than \(PDFAnnotationReader.maximumPointsPerAnnotation) points; the rest are left out")
                break
            }
            let entry = list[index]
            guard entry.isArray else { warn(place, annotation, "/InkList entry \(index + 1) is not an array; left out"); continue }
            let count = entry.count
            if count > budget {
                warn(place, annotation, "/InkList has more than \(PDFAnnotationReader.maximumPointsPerAnnotation) points; the rest are left out")
            }
            // Read without a handle kept for each number: those were held until the page was done.
            var numbers = entry.numbers(limit: budget)
            budget -= numbers.count
            if count % 2 == 1, count <= budget + numbers.count {
                // Malformed (not cut by the cap): where the viewers disagree, the majority of poppler, MuPDF and PDFium.
                numbers.removeLast()
                if let kept = Self.oddInkEntryIsDrawn(numbers, annotation: annotation) {
                    warn(place, annotation, "/InkList entry \(index + 1) has an odd count of numbers (\(count)); " + kept)
                } else {
                    warn(place, annotation, "/InkList entry \(index + 1) has an odd count of numbers (\(count)); left out, "
                         + "as poppler and PDFium leave it out (MuPDF draws it without its last number)")
                    continue
                }
            } else if numbers.count % 2 == 1 {
                numbers.removeLast()
            }
            entries.append(numbers)
        }
        return entries
    }

    /// How the viewers draw an /InkList entry of an odd count of numbers (`numbers` without its last): poppler leaves
    /// it out; MuPDF draws it without the last number; PDFium too, but only within `/Rect` (it draws an appearance it
    /// makes, clipped to the rectangle) and not at all when the annotation has its own appearance (all three draw
    /// that). The note to warn with when the majority draws it, nil when the majority leaves it out.
    static func oddInkEntryIsDrawn(_ numbers: [Double], annotation: QPDFObject) -> String? {
        if annotation["/AP"]?.isDictionary == true { return "the last is ignored" }
        guard let r = rect(of: annotation), numbers.count >= 2 else { return nil }
        let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let inside = minX <= r.x1 && maxX >= r.x0 && minY <= r.y1 && maxY >= r.y0
        return inside ? "the last is ignored, as MuPDF and PDFium draw it (poppler leaves it out)" : nil
    }

    private mutating func foreignInk(_ found: [[Double]], annotation: QPDFObject, style: AnnotationStyle, place: Int) -> [Stroke] {
        let marker = annotation["/IT"]?.isName("/InkHighlight") == true
        var strokes: [Stroke] = []
        for entry in found {
            let positions = stride(from: 0, to: entry.count - 1, by: 2).map { (x: entry[$0], y: entry[$0 + 1]) }
            if let stroke = makeStroke(positions, style: style, marker: marker, nibHeight: nil, annotation: annotation, place: place,
                                       piece: strokes.count + 1) {
                strokes.append(stroke)
            }
        }
        return strokes
    }

    /// The cache's key for a stream: its object number and generation.
    private static func key(_ stream: QPDFObject) -> Int64 { Int64(stream.objectID) << 20 | Int64(stream.generation & 0xFFFFF) }

    /// The layer line an inkpdf export kept in the annotation (decoded once a document), with its
    /// points; nil (with a warning, once a stream) when it cannot be read.
    private mutating func storedLayer(_ stream: QPDFObject, annotation: QPDFObject, place: Int) -> (layer: PageLayer, points: Int, source: StoredSource)? {
        let key = InkAnnotationFormat.layerKey
        guard stream.isStream else {
            warn(place, annotation, "its \(key) is not a stream; rebuilt from its standard keys")
            return nil
        }
        let file = "\(path) page \(number) annotation \(place) \(key)"
        var problem: String?
        let decoded = cache.decoded(Self.key(stream), decode: { limit in
            guard let bytes = PDFAnnotationReader.inflatedStream(stream, limit: limit) else {
                return (nil, limit, "its \(key) stream cannot be decoded within \(limit >> 20) MB")
            }
            do {
                return ([try PageLayer(parsingLine: bytes, file: file)], bytes.count, nil)
            } catch {
                return (nil, bytes.count, "its \(key) is not an ink-layers line (\(error))")
            }
        }, failed: { problem = $0 })
        if let problem { warn(place, annotation, problem + "; rebuilt from its standard keys (and every annotation that names it)") }
        guard let decoded, let layer = decoded.layers.first else { return nil }
        return (layer, decoded.points(layer: 0, first: 0, count: layer.strokes.count), StoredSource(stream: Self.key(stream), layer: 0, first: 0))
    }

    /// The strokes `/InkPDF:Strokes [stream layer first count]` names in the page's packed
    /// strokes (each stream decoded once a document), with their points; nil, with a warning,
    /// when they cannot be read.
    private mutating func packedLayer(_ entry: QPDFObject, annotation: QPDFObject, place: Int) -> (layer: PageLayer, points: Int, source: StoredSource)? {
        let key = InkAnnotationFormat.strokesKey
        guard entry.isArray, entry.count == 4, entry[0].isStream,
              let layerNumber = entry[1].integer, let first = entry[2].integer, let count = entry[3].integer else {
            warn(place, annotation, "its \(key) is not [stream layer first count]; rebuilt from its standard keys")
            return nil
        }
        let stream = entry[0]
        let object = stream.objectID
        let file = "\(path) page \(number) \(key) object \(object)"
        var problem: String?
        let decoded = cache.decoded(Self.key(stream), decode: { limit in
            guard let bytes = PDFAnnotationReader.inflatedStream(stream, limit: limit) else {
                return (nil, limit, "its \(key) stream (object \(object)) cannot be decoded within \(limit >> 20) MB")
            }
            do {
                return (try PackedLayers.decode(bytes, file: file, maximumPoints: PDFAnnotationReader.maximumPointsPerPage), bytes.count, nil)
            } catch {
                return (nil, bytes.count, "its \(key) stream is not inkpdf's packed strokes (\(error))")
            }
        }, failed: { problem = $0 })
        if let problem { warn(place, annotation, problem + "; the annotations that share it are rebuilt from their standard keys") }
        guard let decoded else { return nil }
        let layers = decoded.layers
        guard layerNumber >= 1, layerNumber <= layers.count, first >= 1, count >= 1,
              first <= layers[layerNumber - 1].strokes.count, count <= layers[layerNumber - 1].strokes.count - (first - 1) else {
            warn(place, annotation, "its \(key) names strokes its stream does not hold (layer \(layerNumber), strokes \(first) to \(first &+ count &- 1)); rebuilt from its standard keys")
            return nil
        }
        var layer = layers[layerNumber - 1]
        let points = decoded.points(layer: layerNumber - 1, first: first - 1, count: count)
        // Sliced only when it fits what the page may still take (the slice is a copy).
        let source = StoredSource(stream: Self.key(stream), layer: layerNumber, first: first - 1)
        guard points <= storedPointsLeft, points <= pointsLeft else { return (PageLayer(page: layer.page, layer: layer.layer, strokes: []), points, source) }
        layer.strokes = Array(layer.strokes[(first - 1)..<(first - 1 + count)])
        return (layer, points, source)
    }

    /// inkpdf's own annotation: the stored strokes when `/InkList` is still what inkpdf wrote
    /// for them, moved when a viewer moved it whole, else rebuilt keeping their identity.
    private mutating func own(_ stored: PageLayer, points: Int, source: StoredSource, annotation: QPDFObject, style: AnnotationStyle,
                              place: Int) -> Int {
        // Every stored stroke handed out, or compared, is charged to the page: one stream named by
        // many annotations gives its strokes within the page's points, not once per annotation.
        guard points <= storedPointsLeft, points <= pointsLeft else {
            warn(place, annotation, "its stored strokes (\(points) points) would pass \(limitText); left out")
            return 0
        }
        storedPointsLeft -= points
        let written = stored.strokes.map { InkAnnotationFormat.inkList(of: $0, height: height, placement: matrix) }
        // The /InkList as qpdf reads it is, to the byte, what inkpdf wrote for these strokes:
        // theirs, without reading its numbers one by one.
        let asWritten = annotation["/InkList"]?.unparses(as: InkAnnotationFormat.qpdfSyntax(ofInkList: written)) == true
        let found = asWritten ? written : inkList(annotation, place: place)
        if asWritten || InkAnnotationFormat.matches(written, found) {
            pointsLeft -= points
            append(stored.strokes, to: stored.layer, extra: stored.extra, stored: source, contents: annotation, place: place)
            return stored.strokes.count
        }
        if let offset = InkAnnotationFormat.translation(from: written, to: found),
           let origin = InkAnnotationFormat.inkFrame(0, 0, height: height, placement: matrix),
           let moved = InkAnnotationFormat.inkFrame(offset.dx, offset.dy, height: height, placement: matrix) {
            let dx = moved.x - origin.x, dy = moved.y - origin.y
            let strokes = stored.strokes.map { stroke -> Stroke in
                var stroke = stroke
                if var transform = stroke.transform {
                    transform.tx += dx
                    transform.ty += dy
                    stroke.transform = transform
                } else {
                    for index in stroke.points.indices {
                        stroke.points[index].x += dx
                        stroke.points[index].y += dy
                    }
                }
                return stroke
            }
            let inRange = strokes.allSatisfy { stroke in
                let pointsInRange = stroke.points.allSatisfy { InkRange.isCoordinate($0.x) && InkRange.isCoordinate($0.y) }
                let transformInRange = stroke.transform.map { InkRange.isCoordinate($0.tx) && InkRange.isCoordinate($0.ty) } ?? true
                return pointsInRange && transformInRange
            }
            if inRange {
                pointsLeft -= points
                append(strokes, to: stored.layer, extra: stored.extra, stored: source, contents: annotation, place: place)
                return strokes.count
            }
        }
        // Edited in a viewer: the standard keys win; the strokes keep who they are.
        var rebuilt = foreignInk(found, annotation: annotation, style: style, place: place)
        let named = style.name.flatMap(InkAnnotationFormat.identity(fromName:))
        for index in rebuilt.indices {
            if rebuilt.count == stored.strokes.count {
                rebuilt[index].id = stored.strokes[index].id
                rebuilt[index].created = stored.strokes[index].created
            } else if let named {
                switch named {
                case .id(let id): rebuilt[index].id = id
                case .created(let created): rebuilt[index].id = nil; rebuilt[index].created = created
                }
            }
        }
        append(rebuilt, to: stored.layer, extra: stored.extra, stored: rebuilt.count == stored.strokes.count ? source : nil,
               contents: annotation, place: place)
        return rebuilt.count
    }

    // MARK: Text markup and shapes

    private mutating func readMarkup(_ annotation: QPDFObject, subtype: String, style: AnnotationStyle, place: Int) -> Int {
        guard let quadPoints = annotation["/QuadPoints"], quadPoints.isArray else {
            warn(place, annotation, "/QuadPoints is missing or not an array")
            return 0
        }
        let count = min(quadPoints.count, 8 * PDFAnnotationReader.maximumPointsPerAnnotation / 4)
        if count % 8 != 0 { warn(place, annotation, "/QuadPoints has \(quadPoints.count) numbers, not groups of 8; the last \(count % 8) are ignored") }
        var numbers: [Double] = []
        numbers.reserveCapacity(count - count % 8)
        var outside = 0
        let given = quadPoints.numbers(limit: count - count % 8)
        // Every corner is checked against `InkRange` before any length is measured between them.
        for group in stride(from: 0, to: given.count - 7, by: 8) {
            let corners = Array(given[group..<(group + 8)])
            if stride(from: 0, to: 8, by: 2).allSatisfy({ isOnPage((corners[$0], corners[$0 + 1])) }) {
                numbers += corners
            } else {
                outside += 1
            }
        }
        if outside > 0 {
            hideFromDrawing = true
            warn(place, annotation, "\(outside) /QuadPoints quadrilateral\(outside == 1 ? " is" : "s are") not numbers or far off the page; left out")
        }
        var strokes: [Stroke] = []
        for quad in AnnotationGeometry.quads(numbers) {
            let line: [Position]
            var marker = false, nibHeight: Double?
            switch subtype {
            case "Highlight":
                let middle = quad.middle
                line = [middle.start, middle.end]
                marker = true
                nibHeight = quad.height
            case "StrikeOut": line = AnnotationGeometry.line(across: quad, at: 0.5)
            case "Squiggly": line = AnnotationGeometry.squiggle(under: quad, maximumSteps: 2_000)
            default: line = AnnotationGeometry.line(across: quad, at: 0)
            }
            var quadStyle = style
            // A text markup's line does not take the border width: poppler and PDFium draw it 1 pt
            // whatever `/BS /W` or `/Border` says (MuPDF a sixteenth of the line's height).
            quadStyle.width = nibHeight ?? 1
            if let stroke = makeStroke(line, style: quadStyle, marker: marker, nibHeight: nil, annotation: annotation,
                                       place: place, piece: strokes.count + 1) {
                strokes.append(stroke)
            }
        }
        append(strokes, to: PDFAnnotationReader.layerName, extra: JSONObject())
        return strokes.count
    }

    private mutating func readShape(_ annotation: QPDFObject, subtype: String, style: AnnotationStyle, place: Int) -> Int {
        func numbers(_ key: String, limit: Int) -> [Double]? {
            guard let array = annotation[key], array.isArray else { return nil }
            return array.numbers(limit: limit)
        }
        var outline: [Position]
        switch subtype {
        case "Line":
            guard let l = numbers("/L", limit: 4), l.count == 4 else { warn(place, annotation, "/L is not 4 numbers"); return 0 }
            outline = [(l[0], l[1]), (l[2], l[3])]
        case "PolyLine", "Polygon":
            guard var v = numbers("/Vertices", limit: 2 * PDFAnnotationReader.maximumPointsPerAnnotation) else {
                warn(place, annotation, "/Vertices is missing or not an array")
                return 0
            }
            if v.count % 2 == 1 {
                // poppler leaves such a shape out, and PDFium draws no PolyLine or Polygon without an appearance of its own
                // (MuPDF draws it without the last number): with an appearance all three draw that.
                guard annotation["/AP"]?.isDictionary == true else {
                    warn(place, annotation, "/Vertices has an odd count of numbers (\(v.count)); left out, "
                         + "as poppler and PDFium leave it out (MuPDF draws it without its last number)")
                    return 0
                }
                warn(place, annotation, "/Vertices has an odd count of numbers; the last is ignored")
                v.removeLast()
            }
            outline = stride(from: 0, to: v.count - 1, by: 2).map { (v[$0], v[$0 + 1]) }
            if subtype == "Polygon", let first = outline.first, outline.count > 2 { outline.append(first) }
        default:
            guard let rect = numbers("/Rect", limit: 4), rect.count == 4, isOnPage((rect[0], rect[1])), isOnPage((rect[2], rect[3])),
                  let inset = AnnotationGeometry.inset(rect, differences: numbers("/RD", limit: 4), width: style.width) else {
                warn(place, annotation, "/Rect is not 4 numbers")
                return 0
            }
            outline = subtype == "Square" ? AnnotationGeometry.rectangle(inset) : AnnotationGeometry.ellipse(inset)
        }
        let onPage = outline.filter(isOnPage)
        if onPage.count < outline.count {
            let bad = outline.count - onPage.count
            warn(place, annotation, "\(bad) point\(bad == 1 ? "" : "s") not a number or far off the page; left out")
            outline = onPage
        }
        var lines = [outline]
        if let pattern = style.dashes {
            if let pieces = AnnotationGeometry.dashed(outline, pattern: pattern, maximumPieces: 10_000) {
                lines = pieces
            } else {
                warn(place, annotation, "its dash pattern would make more than 10000 pieces; read solid")
            }
        }
        var strokes: [Stroke] = []
        for line in lines {
            if let stroke = makeStroke(line, style: style, marker: false, nibHeight: nil, annotation: annotation,
                                       place: place, piece: strokes.count + 1) {
                strokes.append(stroke)
            }
        }
        append(strokes, to: PDFAnnotationReader.layerName, extra: JSONObject())
        return strokes.count
    }

    // MARK: Strokes

    /// Whether a point of default user space is a pair of numbers that lands, in the ink's
    /// frame, within `InkRange`: checked before any geometry measures or divides by it.
    private func isOnPage(_ p: Position) -> Bool {
        guard p.x.isFinite, p.y.isFinite, let q = InkAnnotationFormat.inkFrame(p.x, p.y, height: height, placement: matrix) else {
            return false
        }
        return InkRange.isCoordinate(q.x) && InkRange.isCoordinate(q.y)
    }

    /// A `linear` stroke through `positions` (default user space), in the ink's frame, with
    /// `style`'s width, colour and opacity; nil when nothing of it can be drawn.
    private mutating func makeStroke(_ positions: [Position], style: AnnotationStyle, marker: Bool, nibHeight: Double?,
                                     annotation: QPDFObject, place: Int, piece: Int) -> Stroke? {
        guard let color = style.color else {
            if piece == 1 { warn(place, annotation, "its /C is empty (transparent): nothing to draw") }
            return nil
        }
        let width = style.width * userUnit
        guard InkRange.isWidth(width) else {
            if piece == 1 { warn(place, annotation, "its border width \(style.width) draws nothing") }
            return nil
        }
        let nib = min(InkRange.maximumWidth, (nibHeight ?? style.width) * userUnit)
        var points: [StrokePoint] = []
        points.reserveCapacity(min(positions.count, pointsLeft))
        var bad = 0
        for p in positions {
            guard pointsLeft > 0 else {
                warn(place, annotation, "\(limitText) are spent; the rest are left out")
                break
            }
            guard p.x.isFinite, p.y.isFinite, abs(p.x) <= 1e9, abs(p.y) <= 1e9,
                  let q = InkAnnotationFormat.inkFrame(p.x, p.y, height: height, placement: matrix),
                  InkRange.isCoordinate(q.x), InkRange.isCoordinate(q.y) else {
                bad += 1
                continue
            }
            points.append(StrokePoint(x: q.x, y: q.y, w: width, h: nib, opacity: 1, force: 1))
            pointsLeft -= 1
        }
        if bad > 0 { warn(place, annotation, "\(bad) point\(bad == 1 ? "" : "s") not a number or far off the page; left out") }
        guard !points.isEmpty else { return nil }
        if points.count == 1 { points.append(points[0]) }
        var id: String?
        var created = style.created ?? 0
        if let name = style.name, !name.isEmpty {
            switch InkAnnotationFormat.identity(fromName: name) {
            case .id(let stored): id = stored
            case .created(let seconds): created = seconds
            case nil:
                if InkAnnotationFormat.namesTimeOutOfRange(name) {
                    if piece == 1 { warn(place, annotation, "its /NM names a creation time outside the years 1 … 9999; ignored") }
                } else {
                    id = piece == 1 ? name : "\(name)#\(piece)"
                }
            }
        }
        if !InkRange.isTime(created) { created = 0 }
        return Stroke(ink: Ink(type: marker ? .marker : .pen, color: color, width: width), created: created, id: id,
                      interpolation: .linear, points: points)
    }

    /// Where stored strokes come from: the stream (`key`), its layer and the index of the first stroke given.
    struct StoredSource {
        var stream: Int64
        var layer: Int
        var first: Int
    }

    /// Adds `strokes` to the page's layer called `name` (made, with `extra` but its `text`, the first time),
    /// with their recognised text: the stored layer's entries (`extra`'s, whose indices count from the
    /// stored layer's first stroke, `stored.first`) for the strokes given, else the annotation's `/Contents`.
    private mutating func append(_ strokes: [Stroke], to name: String?, extra: JSONObject, stored: StoredSource? = nil,
                                 contents annotation: QPDFObject? = nil, place: Int = 0) {
        guard !strokes.isEmpty else { return }
        let layerIndex: Int
        let base: Int
        if let index = layers.firstIndex(where: { $0.layer == name }) {
            layerIndex = index
            base = layers[index].strokes.count
            layers[index].strokes += strokes
        } else {
            var extra = extra
            extra[RecognisedText.key] = nil
            layerIndex = layers.count
            base = 0
            layers.append(PageLayer(page: number, layer: name, strokes: strokes, extra: extra))
        }
        if let stored, case .array(let items)? = extra[RecognisedText.key] {
            let source = TextKey(stream: stored.stream, layer: stored.layer, entry: -1)
            let sourceOrder = textSources[source] ?? textSources.count
            textSources[source] = sourceOrder
            let range = stored.first..<(stored.first + strokes.count)
            for (number, item) in items.enumerated() {
                guard case .object(let object) = item else { continue }
                let named = RecognisedText.strokeIndices(in: object)
                let given = named.filter(range.contains)
                guard !given.isEmpty else { continue }
                let key = TextKey(stream: stored.stream, layer: stored.layer, entry: number)
                if text[key] == nil {
                    guard text.count < RecognisedText.maximumEntries,
                          (try? RecognisedText.entries(of: .array([item]), strokeCount: Int.max)) != nil else { continue }
                    text[key] = PendingText(layer: layerIndex, order: (sourceOrder, number), json: object, named: named)
                }
                guard text[key]?.layer == layerIndex else { continue }
                for index in given { text[key]?.placed[index] = base + index - stored.first }
            }
            return
        }
        if let annotation, let raw = annotation["/Contents"]?.text, let words = RecognisedText.words(fromTyped: raw),
           text.count < RecognisedText.maximumEntries {
            let key = TextKey(stream: 0, layer: 0, entry: place)
            let indices = Array(base..<(base + strokes.count))
            guard case .object(let json) = RecognisedText(text: words, strokes: indices, source: "pdf").json else { return }
            textSources[key] = textSources.count
            text[key] = PendingText(layer: layerIndex, order: (textSources.count, 0), json: json, named: indices,
                                    placed: Dictionary(uniqueKeysWithValues: indices.map { ($0, $0) }))
        }
    }

    // MARK: Notes

    private mutating func warn(_ place: Int, _ annotation: QPDFObject?, _ problem: String) {
        reason = problem
        let (path, number) = (path, number)
        tally.add(kind: WarningTally.kind(of: problem), page: number, {
            var location = "page \(number), annotation \(place)"
            if let annotation {
                var parts: [String] = []
                if let subtype = annotation["/Subtype"]?.name { parts.append(String(subtype.dropFirst())) }
                if let name = annotation["/NM"]?.text { parts.append("/NM \(Self.quoted(name))") }
                if !parts.isEmpty { location += " (\(parts.joined(separator: ", ")))" }
            }
            return "\(path): \(location): \(problem)"
        }())
    }

    /// `/NM` as written, in quotes: only control characters (which could move a terminal's
    /// cursor) are shown as `\u{…}`, and a long name is cut at 60 characters.
    static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        var out = ""
        for scalar in short.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return "'" + out + "'"
    }
}
