import Foundation
import InkModel

/// One import: finds the document's parts, reads its pages one at a time and
/// streams their ink into the layers file.
struct ReMarkableDocumentReader {
    let path: String
    let options: ImportOptions
    let pdfPageSize: ReMarkableImporter.PDFPageSize?
    private var report = ImportReport()
    /// Strokes kept in the ink (invisible) that the tablet does not show, by tool name: not left out, so
    /// not in `report.omitted`, but said once for the document.
    private var keptNotDrawn: [String: Int] = [:]
    private var warnedAboutSizes = false

    init(path: String, options: ImportOptions, pdfPageSize: ReMarkableImporter.PDFPageSize?) throws(ReMarkableImportError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .unreadable(path: path, reason: "no such file or folder") }
        self.path = path
        self.options = options
        self.pdfPageSize = pdfPageSize
    }

    /// The folder holding `UUID.content` and the UUID, for a `.content` path or a `UUID` folder.
    static func documentLocation(_ path: String) throws(ReMarkableImportError) -> (folder: String, uuid: String) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let url = URL(fileURLWithPath: trimmed)
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDirectory)
        let uuid = isDirectory.boolValue ? url.lastPathComponent : url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder + "/" + uuid + ".content") else {
            throw .notReMarkable(path: path)
        }
        return (folder, uuid)
    }

    private func source() throws(ReMarkableImportError) -> (source: ReMarkableDocumentSource, uuid: String)? {
        switch ReMarkableImporter.detect(path: path) {
        case .content?, .documentFolder?:
            let (folder, uuid) = try Self.documentLocation(path)
            return (ReMarkableDocumentSource(folder: folder, path: path, options: options), uuid)
        case .archive?:
            let source = try ReMarkableDocumentSource(archivePath: path, options: options)
            guard let content = source.names.first(where: { $0.hasSuffix(".content") && !$0.contains("/") }) else {
                throw .notReMarkable(path: path)
            }
            return (source, String(content.dropLast(".content".count)))
        case .linesFile?:
            return nil
        case nil:
            throw .notReMarkable(path: path)
        }
    }

    mutating func info() throws(ReMarkableImportError) -> ReMarkableDocumentInfo {
        guard let (source, uuid) = try source() else { return ReMarkableDocumentInfo() }
        let content = try content(source, uuid)
        return metadata(source, uuid, pageCount: try Self.pages(content, source, uuid, path: path).count).info
    }

    /// One page to read: what `.content` says of it, and where its files are.
    struct PageFiles {
        var page: ReMarkableContent.Page
        /// `UUID/ID.rm`, or `UUID/N.rm` (N its 0-based index) where only that one is there.
        var lines: String
        var metadata: String
    }

    /// The document's pages. A `.content` that lists none (firmware 1.x) has `pageCount` pages,
    /// or as many as its page folder's index-named files (`UUID/0.rm`, `UUID/1.rm`, …) reach,
    /// whichever is more, each showing the PDF page of its index (a notebook's: none). A listed
    /// page whose `UUID/ID.rm` is not there is read from `UUID/N.rm` when that one is (rmapi's
    /// archives list page ids but store the files by index). Pages without a file beyond
    /// `InkRange.maximumImpliedPages` are an error: nothing in the input pays for them.
    static func pages(_ content: ReMarkableContent, _ source: ReMarkableDocumentSource, _ uuid: String,
                      path: String) throws(ReMarkableImportError) -> [PageFiles] {
        func files(_ page: ReMarkableContent.Page, index: Int) -> PageFiles {
            let listed = PageFiles(page: page, lines: "\(uuid)/\(page.id).rm", metadata: "\(uuid)/\(page.id)-metadata.json")
            guard content.listsPages, !source.exists(listed.lines), source.exists("\(uuid)/\(index).rm") else { return listed }
            return PageFiles(page: page, lines: "\(uuid)/\(index).rm", metadata: "\(uuid)/\(index)-metadata.json")
        }
        guard !content.listsPages else { return content.pages.enumerated().map { files($1, index: $0) } }
        let indexed = Set(source.names(inFolder: uuid).compactMap { indexOfPageFile($0, uuid: uuid) })
        let count = max(content.declaredPageCount ?? 0, (indexed.max() ?? -1) + 1)
        guard count - indexed.count <= InkRange.maximumImpliedPages else {
            let counted = count == content.declaredPageCount ? "pageCount \(count)" : "the page file \(uuid)/\(count - 1).rm"
            throw .badContent(path: path, reason: "\(counted) makes \(count) pages, \(count - indexed.count) of them without a file: more than the \(InkRange.maximumImpliedPages) blank pages a document may imply")
        }
        return (0..<count).map { index in
            files(ReMarkableContent.Page(id: String(index), pdfPage: content.fileType == "notebook" ? nil : index, template: nil), index: index)
        }
    }

    /// N of a page file `UUID/N.rm` named by its 0-based index (decimal, without leading zeros,
    /// below `InkRange.maximumPageCount`); nil for any other name.
    static func indexOfPageFile(_ name: String, uuid: String) -> Int? {
        guard name.hasPrefix(uuid + "/"), name.hasSuffix(".rm") else { return nil }
        let digits = name.dropFirst(uuid.count + 1).dropLast(3)
        guard (1...7).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              digits == "0" || digits.first != "0", let index = Int(digits), index < InkRange.maximumPageCount else { return nil }
        return index
    }

    private func content(_ source: ReMarkableDocumentSource, _ uuid: String) throws(ReMarkableImportError) -> ReMarkableContent {
        guard let bytes = try source.read(uuid + ".content") else {
            throw .badContent(path: path, reason: "\(uuid).content is missing")
        }
        return try ReMarkableContent(bytes: bytes, path: source.isArchive ? "\(path): \(uuid).content" : path)
    }

    private func metadata(_ source: ReMarkableDocumentSource, _ uuid: String,
                          pageCount: Int) -> (info: ReMarkableDocumentInfo, json: JSONValue?) {
        guard let bytes = try? source.read(uuid + ".metadata"),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return (ReMarkableDocumentInfo(id: uuid, pageCount: pageCount), nil)
        }
        let lastModified = object["lastModified"].map { "\($0)" }
        return (ReMarkableDocumentInfo(id: uuid, visibleName: object["visibleName"] as? String, parent: object["parent"] as? String,
                                       fileType: nil, pageCount: pageCount, lastModified: lastModified),
                ReMarkableContent.value(object))
    }

    // MARK: Reading

    mutating func read() throws(ReMarkableImportError) -> (document: ImportedDocument, info: ReMarkableDocumentInfo) {
        let layersPath = (options.temporaryDirectory as NSString).appendingPathComponent("inkpdf-remarkable-\(UUID().uuidString)\(options.layersForm.fileSuffix)")
        var temporaryPDF: String?
        do {
            let result: (ImportedDocument, ReMarkableDocumentInfo)
            if let (source, uuid) = try source() {
                result = try readDocument(source, uuid, layersPath: layersPath, temporaryPDF: &temporaryPDF)
            } else {
                result = try readSinglePage(layersPath: layersPath)
            }
            return result
        } catch {
            try? FileManager.default.removeItem(atPath: layersPath)
            if let temporaryPDF { try? FileManager.default.removeItem(atPath: temporaryPDF) }
            throw error
        }
    }

    /// The layers are written on a thread of their own while the pages are read.
    private func openWriter(_ layersPath: String, header: InkLayersHeader) throws(ReMarkableImportError) -> BackgroundLayerSink {
        do {
            let writer = BackgroundLayerSink(try options.makeSink(path: layersPath))
            try writer.write(header: header)
            return writer
        } catch {
            throw .cannotWrite(path: layersPath, reason: "\(error)")
        }
    }

    private func write(_ layers: [PageLayer], to writer: any LayerSink) throws(ReMarkableImportError) {
        do { for layer in layers { try writer.write(layer: layer) } } catch {
            throw .cannotWrite(path: writer.path, reason: "\(error)")
        }
    }

    private func close(_ writer: any LayerSink) throws(ReMarkableImportError) {
        do { try writer.close() } catch { throw .cannotWrite(path: writer.path, reason: "\(error)") }
    }

    private mutating func readDocument(_ source: ReMarkableDocumentSource, _ uuid: String, layersPath: String,
                                       temporaryPDF: inout String?) throws(ReMarkableImportError) -> (ImportedDocument, ReMarkableDocumentInfo) {
        let content = try content(source, uuid)
        let pageFiles = try Self.pages(content, source, uuid, path: path)
        var (info, metadataJSON) = metadata(source, uuid, pageCount: pageFiles.count)
        info.fileType = content.fileType

        // Listed pages whose metadata is there but whose lines file is not: an incomplete copy. (A
        // firmware 1.x page without its file is a blank page, as its readers have always taken it.)
        let missing = !content.listsPages ? [] : pageFiles.filter { source.exists($0.metadata) && !source.exists($0.lines) }.map(\.page.id)
        guard missing.isEmpty else { throw .missingPages(path: path, pages: missing) }

        var background: BackgroundPDF?
        if let pdf = options.pdf {
            background = BackgroundPDF(requested: pdf, resolved: FileManager.default.fileExists(atPath: pdf) ? pdf : nil)
        } else if content.fileType != "notebook" {
            let found = try source.file(uuid + ".pdf", directory: options.temporaryDirectory)
            if let found, found.isTemporary { temporaryPDF = found.path }
            background = BackgroundPDF(requested: uuid + ".pdf", resolved: found?.path, isTemporary: found?.isTemporary ?? false)
            if found == nil { report.warnings.append("\(path): \(uuid).pdf is missing; give the PDF the document was annotated on") }
        }
        if content.deletedPages > 0 { report.omitted["deleted page", default: 0] += content.deletedPages }
        let templates = ((try? source.read(uuid + ".pagedata")) ?? nil).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) } ?? []

        var remarkable = JSONObject()
        remarkable["kind"] = .string(source.isArchive ? "rmdoc" : "document")
        remarkable["id"] = .string(uuid)
        remarkable["visibleName"] = .string(info.visibleName)
        remarkable["parent"] = .string(info.parent)
        remarkable["fileType"] = .string(content.fileType)
        remarkable["pageIds"] = .array(pageFiles.map { .string($0.page.id) })
        remarkable["content"] = content.json
        if let metadataJSON { remarkable["metadata"] = metadataJSON }
        var header = InkLayersHeader(extra: JSONObject())
        if let name = info.visibleName { header.extra["title"] = .string(name) }
        header.extra["remarkable"] = .object(remarkable)
        let writer = try openWriter(layersPath, header: header)

        var pages: [DocumentPage] = []
        var strokeCount = 0
        var withoutLines: [Int] = []
        try writer.reading({ () throws(ReMarkableImportError) in for (index, files) in pageFiles.enumerated() {
            let page = files.page, file = files.lines
            let location = source.isArchive ? "\(path): \(file)" : (URL(fileURLWithPath: path).deletingLastPathComponent().path + "/" + file)
            let lines = try source.read(file).map { bytes throws(ReMarkableImportError) in try LinesFileReader.read(bytes: bytes, path: location) }
            if lines == nil { withoutLines.append(index) }
            let layerNames = Self.layerNames(try source.read(files.metadata))
            let template = page.template ?? (index < templates.count ? templates[index] : nil)
            let pdfPage = background == nil ? nil : page.pdfPage.map { $0 + 1 }
            let built = try buildPage(lines, file: location, number: index + 1, pdfPage: pdfPage, pdfPath: background?.resolved,
                                      layerNames: layerNames, paper: Self.paper(template: template),
                                      landscape: content.orientation == "landscape")
            try write(built.layers, to: writer)
            strokeCount += built.layers.reduce(0) { $0 + $1.strokes.count }
            pages.append(built.page)
        } }, writeFailure: { .cannotWrite(path: layersPath, reason: "\($0)") })
        try close(writer)
        reportKeptNotDrawn()
        if strokeCount == 0, !withoutLines.isEmpty {
            report.warnings.append(Self.noInkWarning(path: path, uuid: uuid, pages: withoutLines.map { (index: $0, id: pageFiles[$0].page.id) },
                                                     unread: Self.unreadLinesFiles(source, uuid, read: pageFiles.map(\.lines))))
        }
        let document = ImportedDocument(format: .remarkable, source: path, pages: pages, backgroundPDF: background,
                                        layersPath: layersPath, layersForm: options.layersForm, report: report)
        return (document, info)
    }

    /// An import without a stroke whose pages' lines files were not found: never silent.
    static func noInkWarning(path: String, uuid: String, pages: [(index: Int, id: String)], unread: [String]) -> String {
        let named = pages.prefix(5).map { page in
            page.id == String(page.index) ? "page \(page.index + 1) (\(uuid)/\(page.id).rm)"
                : "page \(page.index + 1) (\(uuid)/\(page.id).rm or \(uuid)/\(page.index).rm)"
        }.joined(separator: ", ") + (pages.count > 5 ? ", …" : "")
        var text = "\(path): no stroke was read: \(pages.count) page(s) have no lines file: \(named)"
        if !unread.isEmpty {
            text += "; the document holds \(unread.count) lines file(s) no page names (\(unread.prefix(3).joined(separator: ", "))\(unread.count > 3 ? ", …" : ""))"
        }
        return text + "; copy the document's whole folder, or export it again"
    }

    /// The page folder's `.rm` files that no page was read from.
    static func unreadLinesFiles(_ source: ReMarkableDocumentSource, _ uuid: String, read: [String]) -> [String] {
        let used = Set(read)
        return source.names(inFolder: uuid).filter { $0.hasSuffix(".rm") && !used.contains($0) }
    }

    private mutating func readSinglePage(layersPath: String) throws(ReMarkableImportError) -> (ImportedDocument, ReMarkableDocumentInfo) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot read the file") }
        let lines = try LinesFileReader.read(bytes: [UInt8](data), path: path)
        var background: BackgroundPDF?
        var pdfPage: Int?
        if let pdf = options.pdf {
            guard let page = options.page, page >= 1 else { throw .pageRequired(path: path) }
            background = BackgroundPDF(requested: pdf, resolved: FileManager.default.fileExists(atPath: pdf) ? pdf : nil)
            pdfPage = page
        }
        var remarkable = JSONObject()
        remarkable["kind"] = .string("page")
        remarkable["version"] = .number(lines.version)
        var header = InkLayersHeader(extra: JSONObject())
        header.extra["remarkable"] = .object(remarkable)
        let writer = try openWriter(layersPath, header: header)
        let built = try buildPage(lines, file: path, number: 1, pdfPage: pdfPage, pdfPath: background?.resolved, layerNames: [], paper: Paper())
        try write(built.layers, to: writer)
        try close(writer)
        reportKeptNotDrawn()
        let document = ImportedDocument(format: .remarkable, source: path, pages: [built.page], backgroundPDF: background,
                                        layersPath: layersPath, layersForm: options.layersForm, report: report)
        return (document, ReMarkableDocumentInfo(pageCount: 1))
    }

    /// One line per tool for the strokes kept in the ink that the tablet does not show: they are
    /// there (invisible), so neither "left out" nor drawn.
    private mutating func reportKeptNotDrawn() {
        for (tool, count) in keptNotDrawn.sorted(by: { $0.key < $1.key }) {
            report.warnings.append("\(path): \(count) \(tool) stroke\(count == 1 ? "" : "s") kept in the ink but not drawn, as on the tablet")
        }
    }

    // MARK: One page

    /// `landscape`: the document's `.content` says the tablet showed it turned (notebook pages of versions 3 and 5).
    /// `file`: where the lines file is, for messages.
    private mutating func buildPage(_ lines: LinesPage?, file: String, number: Int, pdfPage: Int?, pdfPath: String?,
                                    layerNames: [String], paper: Paper, landscape: Bool = false) throws(ReMarkableImportError) -> (page: DocumentPage, layers: [PageLayer]) {
        let version = lines?.version ?? 6
        let geometry: ReMarkablePageGeometry
        var width: Double, height: Double
        if let pdfPage {
            var size: (width: Double, height: Double)?
            if let pdfPageSize, let pdfPath {
                size = pdfPageSize(pdfPath, pdfPage)
                guard size != nil else { throw .pdfPageOutOfRange(path: path, page: number, pdfPage: pdfPage, pdfPageCount: nil) }
            }
            if let size {
                geometry = .pdf(version: version, pdfSize: size)
                (width, height) = size
            } else {
                if !warnedAboutSizes {
                    warnedAboutSizes = true
                    report.warnings.append("\(path): the PDF's page sizes are unknown; ink is placed as on the tablet's 1404 × 1872 screen")
                }
                let screen = ReMarkablePageGeometry.notebook(version: version, paperSize: nil, farthest: (nil, nil))
                (geometry, width, height) = screen
            }
        } else {
            (geometry, width, height) = ReMarkablePageGeometry.notebook(version: version, paperSize: lines?.paperSize,
                                                                        farthest: lines.map(Self.farthest) ?? (nil, nil),
                                                                        landscape: landscape)
        }
        var layers: [PageLayer] = []
        var decorations: [Decoration] = []
        if let lines {
            report.warnings += lines.warnings
            var unknownTools = Set<UInt32>()
            var whiteErasers = 0
            for (index, layer) in lines.layers.enumerated() {
                let name = layer.name ?? (index < layerNames.count ? layerNames[index] : "Layer \(index + 1)")
                var strokes: [Stroke] = []
                for (itemIndex, item) in layer.items.enumerated() {
                    // Where a value out of range is: the page, then the layer, item and point as stored (1-based).
                    func place(_ what: String, _ range: ReMarkableStrokeBuilder.OutOfRange) -> String {
                        let id: String? = switch item { case .line(let line): line.id; case .highlight(let glyph): glyph.id }
                        return "page \(number), layer \(index + 1) (\(name)), \(what) \(itemIndex + 1)\(id.map { " (item \($0))" } ?? ""), "
                            + "\(what == "stroke" ? "point" : "rectangle") \(range.index + 1)"
                    }
                    switch item {
                    case .line(let line):
                        let built: Stroke?
                        do {
                            built = try ReMarkableStrokeBuilder.stroke(from: line, geometry: geometry, version: version,
                                                                      keepsRawPoints: options.keepsRawValues)
                        } catch {
                            throw .outOfRange(path: file, place: place("stroke", error), problem: error.problem)
                        }
                        guard let stroke = built else { continue }
                        let tool = ReMarkableTool(id: line.tool)
                        if case .unknown(let id) = tool { unknownTools.insert(id) }
                        if !tool.isDrawn(version: version) { keptNotDrawn[tool.name, default: 0] += 1 }
                        if tool == .eraser, tool.isDrawn(version: version) { whiteErasers += 1 }
                        strokes.append(stroke)
                    case .highlight(let glyph):
                        do { strokes += try ReMarkableStrokeBuilder.strokes(from: glyph, geometry: geometry) } catch {
                            throw .outOfRange(path: file, place: place("highlight", error), problem: error.problem)
                        }
                    }
                }
                guard layer.visible else {
                    report.omitted["stroke on a hidden layer", default: 0] += strokes.count
                    continue
                }
                var extra = JSONObject()
                if let id = layer.id { extra["remarkable"] = .object(JSONObject([("layerId", .string(id))])) }
                layers.append(PageLayer(page: number, layer: name, strokes: strokes, extra: extra))
            }
            if whiteErasers > 0 {
                report.warnings.append("\(path): page \(number): \(whiteErasers) eraser stroke(s) of an old firmware drawn in white, as the tablet showed them")
            }
            for id in unknownTools.sorted() {
                report.warnings.append("\(path): page \(number): tool \(id) is newer than this inkpdf; drawn as a ballpoint")
            }
            if let text = lines.text {
                decorations = try Self.decorations(text, geometry: geometry, file: file, page: number)
                if !decorations.isEmpty {
                    report.warnings.append("\(path): page \(number): typed text shown as \(decorations.count) plain line(s), without the tablet's fonts and wrapping")
                }
            }
            if layers.isEmpty, !decorations.isEmpty { layers.append(PageLayer(page: number, layer: "Layer 1", strokes: [])) }
        }
        let background: DocumentPage.Background = pdfPage.map { .pdfPage($0) } ?? .paper(paper)
        return (DocumentPage(width: width, height: height, background: background, decorations: decorations), layers)
    }

    /// The largest x and y the page's ink reaches, in tablet units.
    private static func farthest(_ lines: LinesPage) -> (x: Double?, y: Double?) {
        var farX: Double?, farY: Double?
        func reach(_ x: Double, _ y: Double) {
            if x.isFinite { farX = max(farX ?? x, x) }
            if y.isFinite { farY = max(farY ?? y, y) }
        }
        for layer in lines.layers {
            for item in layer.items {
                switch item {
                case .line(let line):
                    for p in line.points { reach(Double(p.x) + line.offsetX, Double(p.y) + line.offsetY) }
                case .highlight(let glyph):
                    for r in glyph.rectangles { reach(r.x + r.w, r.y + r.h) }
                }
            }
        }
        return (farX, farY)
    }

    /// The typed text's lines; a line whose place or width lies outside `InkRange` is an error.
    private static func decorations(_ text: LinesPage.TypedText, geometry: ReMarkablePageGeometry,
                                    file: String, page: Int) throws(ReMarkableImportError) -> [Decoration] {
        var out: [Decoration] = []
        var baseline = text.y + ReMarkableTypedText.topOffset
        for (index, paragraph) in text.paragraphs.enumerated() {
            baseline += ReMarkableTypedText.lineHeight(style: paragraph.style)
            let string = paragraph.text.trimmingCharacters(in: .whitespaces)
            guard !string.isEmpty else { continue }
            let size = ReMarkableTypedText.fontSize(style: paragraph.style)
            let top = geometry.map(x: text.x, y: baseline - size)
            let width = text.width * geometry.scale
            if let problem = InkRange.coordinateProblem("x", top.x) ?? InkRange.coordinateProblem("y", top.y)
                ?? (abs(width) <= InkRange.maximumWidth ? nil : "its width is \(width), wider than the largest PDF page (\(Int(InkRange.maximumWidth)) points)") {
                throw .outOfRange(path: file, place: "page \(page), typed text line \(index + 1)", problem: problem)
            }
            out.append(Decoration(layer: 0, x: top.x, y: top.y, width: width,
                                  height: ReMarkableTypedText.lineHeight(style: paragraph.style) * geometry.scale,
                                  content: .text(ReMarkableTypedText.prefix(style: paragraph.style) + string,
                                                 fontFamily: paragraph.style == 2 ? "serif" : "sans-serif",
                                                 fontSize: size * geometry.scale, color: RGBAColor(red: 0, green: 0, blue: 0))))
        }
        return out
    }

    private static func layerNames(_ bytes: [UInt8]?) -> [String] {
        guard let bytes, let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let layers = object["layers"] as? [[String: Any]] else { return [] }
        return layers.enumerated().map { $1["name"] as? String ?? "Layer \($0 + 1)" }
    }

    private static func paper(template: String?) -> Paper {
        guard let template else { return Paper() }
        let ruling: Paper.Ruling
        if template.contains("Dots") { ruling = .dotted }
        else if template.contains("Grid") || template.contains("Squares") { ruling = .graph }
        else if template.contains("Lines") || template.contains("lines") { ruling = .lined }
        else { ruling = .plain }
        return Paper(ruling: ruling)
    }
}
