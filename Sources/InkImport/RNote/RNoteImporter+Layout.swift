import Foundation
import InkFileSystem
import InkModel

extension RNoteImporter {
    /// The canvas cut into output pages, and each page's strokes in drawing order.
    struct Layout {
        let path: String
        let document: RNoteItems.Document
        let entries: [Entry]
        var frames: [PageFrame] = []
        /// Per frame, the indices into `entries` drawn on it (in drawing order).
        var members: [[Int]] = []
        /// Whether the pages are a PDF's (given with `--pdf`) laid where rnote put their images.
        var usesPDF = false
        /// Indices of the entries that are the PDF's page images (not drawn with `--pdf`).
        var pageImages: Set<Int> = []
        var omitted: [String: Int] = [:]
        var warnings: [String] = []
        /// Dashes the document's shapes may still be cut into (`DashCutter.maximumDashesPerDocument`).
        var dashBudget = DashCutter.maximumDashesPerDocument
        /// Pieces (a shape on a page) drawn solid because the document's dashes ran out, and their shapes' slots.
        var solidPastDashBudget = 0
        var shapesSolidPastDashBudget: Set<Int> = []

        /// The most (stroke, page) pairs: a stroke reaches a few pages, not thousands, in a real file.
        static func maximumPieces(entries: Int) -> Int { 16 * entries + 100_000 }

        init(path: String, document: RNoteItems.Document, entries: [Entry], pdf: String?) throws(RNoteImportError) {
            self.path = path
            self.document = document
            self.entries = entries
            let documentImages = entries.indices.filter { index in
                if case .image = entries[index].content { return entries[index].chrono.layerRank == 0 }
                return false
            }
            if pdf != nil, !documentImages.isEmpty {
                usesPDF = true
                pageImages = Set(documentImages)
                for (number, index) in documentImages.enumerated() {
                    let b = entries[index].bounds
                    frames.append(PageFrame(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY, pdfPage: number + 1))
                }
                for frame in frames {
                    for side in [frame.width, frame.height] {
                        if let problem = InkRange.pageSideProblem("a side of page \(frame.pdfPage ?? 0)'s rectangle", side * document.format.scale) {
                            throw .outOfRange(path: path, place: .init(path: "stroke_components", offset: 0), problem: problem)
                        }
                    }
                }
                members = Array(repeating: [], count: frames.count)
                var outside = 0
                for (index, entry) in entries.enumerated() where !pageImages.contains(index) {
                    var placed = false
                    for (number, frame) in frames.enumerated() where entry.bounds.intersects(frame.bounds) {
                        members[number].append(index)
                        placed = true
                    }
                    if !placed { outside += 1 }
                }
                if outside > 0 { omitted["stroke outside the PDF's pages", default: 0] += outside }
            } else {
                if pdf != nil {
                    warnings.append("the notebook holds no PDF that rnote imported; --pdf is not used and its pages are drawn as rnote shows them")
                }
                try tile()
            }
        }

        /// rnote's pages: format tiles aligned at the origin, within the document's bounds, that some stroke reaches.
        private mutating func tile() throws(RNoteImportError) {
            let fw = document.format.width, fh = document.format.height
            let docBounds = RNoteItems.Bounds(minX: document.x, minY: document.y,
                                              maxX: document.x + max(document.width, 0), maxY: document.y + max(document.height, 0))
            let firstColumn = Int((docBounds.minX / fw).rounded(.down)), firstRow = Int((docBounds.minY / fh).rounded(.down))
            // The last tile starts before the document's end.
            let lastColumn = Int((docBounds.maxX / fw).rounded(.up)) - 1, lastRow = Int((docBounds.maxY / fh).rounded(.up)) - 1
            struct Tile: Hashable, Comparable {
                var row: Int, column: Int
                static func < (a: Tile, b: Tile) -> Bool { (a.row, a.column) < (b.row, b.column) }
            }
            var pages: [Tile: [Int]] = [:]
            var pieces = 0
            let limit = Self.maximumPieces(entries: entries.count)
            for (index, entry) in entries.enumerated() {
                let b = entry.bounds
                // Only the tiles the stroke overlaps by more than the tolerance (a tile it reaches by less
                // is not its page): a hair-thin stroke must not walk every tile along its length unpaid.
                let tolerance = RNoteItems.Bounds.intersectionTolerance
                // An overlap is at most the stroke's own extent: one no wider or taller than the tolerance reaches no tile.
                guard b.maxX - b.minX > tolerance, b.maxY - b.minY > tolerance else { continue }
                let lowColumn = max(Int(((b.minX + tolerance) / fw).rounded(.down)), firstColumn)
                let highColumn = min(Int(((b.maxX - tolerance) / fw).rounded(.down)), lastColumn)
                let lowRow = max(Int(((b.minY + tolerance) / fh).rounded(.down)), firstRow)
                let highRow = min(Int(((b.maxY - tolerance) / fh).rounded(.down)), lastRow)
                guard lowColumn <= highColumn, lowRow <= highRow else { continue }
                let columns = lowColumn...highColumn, rows = lowRow...highRow
                for row in rows {
                    for column in columns {
                        // Every tile visited counts, whether or not the stroke turns out to reach it.
                        pieces += 1
                        guard pieces <= limit else { throw .tooMany(path: path, what: "pieces of strokes on pages", limit: limit) }
                        let tile = RNoteItems.Bounds(minX: Double(column) * fw, minY: Double(row) * fh,
                                                     maxX: Double(column + 1) * fw, maxY: Double(row + 1) * fh)
                        guard b.intersects(tile) else { continue }
                        pages[Tile(row: row, column: column), default: []].append(index)
                    }
                }
            }
            guard pages.count <= InkRange.maximumPageCount else { throw .tooMany(path: path, what: "pages", limit: InkRange.maximumPageCount) }
            if pages.isEmpty {
                frames = [PageFrame(x: 0, y: 0, width: fw, height: fh)]
                members = [[]]
                return
            }
            for tile in pages.keys.sorted() {
                frames.append(PageFrame(x: Double(tile.column) * fw, y: Double(tile.row) * fh, width: fw, height: fh))
                members.append(pages[tile]!)
            }
        }

        /// Whether the entry at `index` is an image drawn in its pages' paper (rnote's document and
        /// image layers lie under all ink; with `--pdf` the PDF's pages take their place).
        func isPaperImage(_ index: Int) -> Bool {
            guard case .image = entries[index].content else { return false }
            return entries[index].chrono.layerRank <= 1 && !usesPDF
        }

        /// Spends on `budget` the bytes of the images that each page's paper will carry (an image
        /// is copied, as base64, into every page it covers), before any copy is made: one image
        /// over thousands of pages must not grow a small notebook to gigabytes.
        func spendOnPaperImages(_ budget: ExpansionBudget) throws(RNoteImportError) {
            var bytes = 0, copies = 0
            for pageMembers in members {
                for index in pageMembers where isPaperImage(index) {
                    guard case .image(let image) = entries[index].content else { continue }
                    // base64 and the element around it; the image's size was paid for by the JSON reader.
                    bytes += (image.bytes.count + 2) / 3 * 4 + 256
                    copies += 1
                    guard bytes <= budget.remaining else {
                        throw .tooMany(path: path, what: "bytes of JSON and of images copied onto the pages they cover (\(copies) copies so far)", limit: budget.limit)
                    }
                }
            }
            budget.spend(bytes)
        }

        /// The most strokes a page's layers hold before they are written out (a page's layer may be
        /// several lines of the layers file, drawn in file order).
        static let strokesPerLine = 50_000

        /// Writes each page's ink (one layer per rnote layer, in drawing order) to `sink`; returns the pages.
        mutating func write(to sink: any LayerSink, header: InkLayersHeader, spool: RNoteStrokeSpool) throws(RNoteImportError) -> [DocumentPage] {
            let scale = document.format.scale
            do { try sink.write(header: header) } catch { throw .cannotWrite(path: sink.path, reason: "\(error)") }
            var pages: [DocumentPage] = []
            var coarser = false
            var clamped = 0
            for (number, frame) in frames.enumerated() {
                var decorations: [Decoration] = []
                var underInk: [RNoteItems.ImageItem] = []
                var layers: [PageLayer] = []
                /// A decoration's corner on the page, kept within `InkRange` (one far off the page is not seen anyway).
                func point(_ x: Double, _ y: Double) -> (Double, Double) {
                    (InkRange.clamped((x - frame.x) * frame.scale(scale), to: InkRange.maximumCoordinate),
                     InkRange.clamped((y - frame.y) * frame.scale(scale), to: InkRange.maximumCoordinate))
                }
                for index in members[number] {
                    let entry = entries[index]
                    if layers.last?.layer != entry.chrono.layerName {
                        layers.append(PageLayer(page: number + 1, layer: entry.chrono.layerName, strokes: []))
                    }
                    let layerIndex = layers.count - 1
                    let frameScale = frame.scale(scale)
                    switch entry.content {
                    case .ink(let record, _):
                        let ink: RNoteItems.InkItem
                        do { ink = try spool.read(record) } catch { throw .cannotWrite(path: "the stroke spool", reason: error.description) }
                        let solidBefore = solidPastDashBudget
                        let (strokes, fills, didClamp) = Self.strokes(of: ink, entry: entry, scale: frameScale, origin: (frame.x, frame.y),
                                                                      dashBudget: &dashBudget, solidPastBudget: &solidPastDashBudget)
                        if solidPastDashBudget > solidBefore { shapesSolidPastDashBudget.insert(entry.slot) }
                        if didClamp { clamped += 1 }
                        layers[layerIndex].strokes += strokes
                        if layers[layerIndex].strokes.count >= Self.strokesPerLine {
                            // A page of many strokes (a million dashes) goes out in lines of its layers, in drawing
                            // order, rather than held whole: later lines of a page are drawn on top, as the layers were.
                            for held in layers.indices where !layers[held].strokes.isEmpty {
                                do { try sink.write(layer: layers[held]) } catch { throw .cannotWrite(path: sink.path, reason: "\(error)") }
                                layers[held].strokes = []
                            }
                        }
                        for fill in fills {
                            decorations.append(Decoration(layer: layerIndex, x: 0, y: 0, width: frame.width * frameScale,
                                                          height: frame.height * frameScale, content: .polygon(fill.0, fill: fill.1)))
                        }
                    case .text(let text):
                        let (x, y) = point(text.x, text.y)
                        var family = text.fontFamily
                        if text.bold { family += " Bold" }
                        if text.italic { family += " Italic" }
                        let wrapped = text.maxWidth.map { Self.wrap(text.text, width: $0, fontSize: text.fontSize) } ?? text.text
                        decorations.append(Decoration(layer: layerIndex, x: x, y: y,
                                                      width: (entry.bounds.maxX - entry.bounds.minX) * frameScale,
                                                      height: (entry.bounds.maxY - entry.bounds.minY) * frameScale,
                                                      content: .text(wrapped, fontFamily: family, fontSize: text.fontSize * frameScale, color: text.color)))
                    case .image(let image):
                        if isPaperImage(index) {
                            underInk.append(image)
                        } else {
                            let (x, y) = point(image.bounds.minX, image.bounds.minY)
                            decorations.append(Decoration(layer: layerIndex, x: x, y: y,
                                                          width: (image.bounds.maxX - image.bounds.minX) * frameScale,
                                                          height: (image.bounds.maxY - image.bounds.minY) * frameScale,
                                                          content: .image(image.bytes)))
                        }
                    }
                }
                for layer in layers where !layer.strokes.isEmpty {
                    do { try sink.write(layer: layer) } catch { throw .cannotWrite(path: sink.path, reason: "\(error)") }
                }
                let frameScale = frame.scale(scale)
                let background: DocumentPage.Background
                if let pdfPage = frame.pdfPage {
                    background = .pdfPage(pdfPage)
                } else {
                    let svg = RNoteBackgroundSVG.page(x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                                                      background: document.background, images: underInk, coarser: &coarser)
                    background = .paper(Paper(color: document.background.color, ruling: .plain, image: svg))
                }
                pages.append(DocumentPage(width: frame.width * frameScale, height: frame.height * frameScale,
                                          background: background, decorations: decorations))
            }
            if coarser { warnings.append("the background pattern is finer than inkpdf draws; drawn with larger cells") }
            if !shapesSolidPastDashBudget.isEmpty {
                warnings.append("\(shapesSolidPastDashBudget.count) × dashed shapes drawn solid: the document's shapes would be cut into more than \(DashCutter.maximumDashesPerDocument) dashes")
            }
            if clamped > 0 { warnings.append("\(clamped) × strokes reaching further than a page beyond their page, drawn clamped there") }
            return pages
        }

        /// The ink-layers strokes of `ink` on a page whose top-left is `origin` (px), `scale` points per px,
        /// and the polygons of its fill; whether a point had to be clamped into `InkRange`. Its dashes are
        /// taken from `dashBudget`; a shape drawn solid because too few are left counts in `solidPastBudget`.
        static func strokes(of ink: RNoteItems.InkItem, entry: Entry, scale: Double, origin: (Double, Double),
                            dashBudget: inout Int, solidPastBudget: inout Int)
            -> ([Stroke], [([Double], RGBAColor)], Bool) {
            var inkValue = Ink(type: .pen, color: ink.color, width: ink.width * scale)
            inkValue.setLines(width: ink.pressureCurve == .const_ ? .constant : .perSegment, cap: ink.roundCap ? "round" : "butt")
            var extra = JSONObject()
            extra["layer"] = .string(entry.chrono.layerName)
            extra["t"] = .number(entry.chrono.t)
            extra["kind"] = .string(ink.kind == .brush ? "brushstroke" : "shapestroke")
            extra["pressure_curve"] = .string(ink.pressureCurve.name)
            let strokeExtra = JSONObject([(key: "rnote", value: .object(extra))])
            var strokes: [Stroke] = []
            var fills: [([Double], RGBAColor)] = []
            var clamped = false
            let limit = InkRange.maximumCoordinate
            func place(_ value: Double, _ zero: Double) -> Double {
                let placed = (value - zero) * scale
                if abs(placed) > limit { clamped = true; return InkRange.clamped(placed, to: limit) }
                return placed
            }
            for line in ink.polylines {
                var points: [StrokePoint] = []
                points.reserveCapacity(line.count / 3)
                var polygon: [Double] = []
                var index = 0
                while index + 2 < line.count {
                    let x = place(line[index], origin.0), y = place(line[index + 1], origin.1)
                    let pressure = line[index + 2]
                    let width = max(ink.pressureCurve.apply(width: ink.width, pressure: pressure) * scale, 1e-3)
                    points.append(StrokePoint(x: x, y: y, w: width, h: width, force: pressure))
                    if ink.fill != nil { polygon += [x, y] }
                    index += 3
                }
                guard !points.isEmpty else { continue }
                if let fill = ink.fill, polygon.count >= 6 { fills.append((polygon, fill)) }
                for dash in dashes(of: points, ink: ink, scale: scale, budget: &dashBudget, solidPastBudget: &solidPastBudget) {
                    strokes.append(Stroke(ink: inkValue, created: 0, interpolation: .linear, points: dash, extra: strokeExtra))
                }
            }
            return (strokes, fills, clamped)
        }

        /// The most dashes one shape is cut into; past it (a pattern far finer than its length), it is drawn solid.
        static let maximumDashesPerShape = 100_000.0

        /// A shape's outline cut into its line style's dashes (as Xournal++'s dashes are cut, the
        /// pattern running on along the whole line); the outline itself when it is solid, a pen path
        /// (rnote draws those solid whatever their style), its pattern too fine to cut, or when its
        /// dashes would pass what is left of the document's `budget` (then counted in `solidPastBudget`).
        static func dashes(of points: [StrokePoint], ink: RNoteItems.InkItem, scale: Double,
                           budget: inout Int, solidPastBudget: inout Int) -> [[StrokePoint]] {
            guard ink.kind == .shape, points.count >= 2,
                  let pattern = ink.lineStyle.pattern(width: ink.width * scale, roundCap: ink.roundCap || ink.lineStyle == .dotted)
            else { return [points] }
            let vertices = points.map { DashCutter.Vertex(x: $0.x, y: $0.y, width: $0.w) }
            let estimate = DashCutter.estimatedDashes([vertices], pattern: pattern)
            guard DashCutter.period(pattern) >= DashCutter.minimumPeriod, estimate <= maximumDashesPerShape else { return [points] }
            guard estimate <= Double(budget) else {
                solidPastBudget += 1
                return [points]
            }
            let force = points[0].force
            let cut = DashCutter.split(vertices, pattern: pattern)
            budget -= cut.count
            return cut.map { dash in
                dash.map { StrokePoint(x: $0.x, y: $0.y, w: $0.width, h: $0.width, force: force) }
            }
        }

        /// Lines of `text` broken at spaces to fit `width` px, each glyph taken as half an em
        /// wide (inkpdf's importers do not measure fonts; Pango does in rnote).
        static func wrap(_ text: String, width: Double, fontSize: Double) -> String {
            let perLine = max(Int(width / max(fontSize * 0.5, 1e-3)), 1)
            var lines: [String] = []
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                var line = ""
                for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                    if line.isEmpty { line = String(word); continue }
                    if line.count + 1 + word.count > perLine {
                        lines.append(line)
                        line = String(word)
                    } else {
                        line += " " + word
                    }
                }
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
    }
}

extension RNoteImporter.PageFrame {
    /// Points per canvas pixel on this page: the format's (a PDF page keeps rnote's scale; the
    /// pipeline scales the page's frame to the PDF page's own size).
    func scale(_ formatScale: Double) -> Double { formatScale }
}
