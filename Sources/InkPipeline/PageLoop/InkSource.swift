import Foundation
import InkFileSystem
import InkImport
import InkModel

/// The ink a command draws, whatever tool wrote it: the layers (an
/// ink-layers file, or the one an importer streamed a foreign document into),
/// the page plan a foreign document lays out, and the background PDF.
///
/// Downstream code reads `layers` as it reads any ink-layers file; the plan
/// says what each output page shows under its ink. Temporary files an import
/// made are removed when the source goes away.
final class InkSource {
    /// The ink file as the user named it.
    let path: String
    let format: InkFormat
    let layers: any PageLayerSource
    /// The output pages of a foreign document; nil for ink-layers, whose page N is the PDF's page N.
    let plan: [DocumentPage]?
    /// The PDF under the ink: the one given, else the one the document names; nil for a notebook.
    let pdfPath: String?
    /// What an import left out, one line each.
    let notes: [String]
    private let temporaries: [String]
    /// The ink-layers file the layers are read from (the ink file itself, or the import's).
    let layersPath: String
    /// The ink-layers file whose lines a sidecar copies: the ink file itself (or the recognised copy
    /// drawn in its place), or for a PDF's annotations the ink-layers file they were read into.
    var layersLinesPath: String { format == .pdfAnnotations || format == .inkLayers ? layersPath : path }
    /// For a PDF's annotations: the annotations of each page that became strokes, which
    /// drawing that PDF under its own ink leaves out (`PDFPage.hideAnnotations`).
    private(set) var convertedAnnotations: [Int: [ConvertedAnnotation]] = [:]
    /// Information for the user, not warnings: for a PDF's annotations, what each page's became
    /// ("page 3: 2 Ink → 5 strokes"). The warnings are `notes`.
    private(set) var summary: [String] = []

    private init(path: String, format: InkFormat, layers: any PageLayerSource, plan: [DocumentPage]?, pdfPath: String?,
                 notes: [String], temporaries: [String], layersPath: String? = nil) {
        self.layersPath = layersPath ?? path
        self.path = path
        self.format = format
        self.layers = layers
        self.plan = plan
        self.pdfPath = pdfPath
        self.notes = notes
        self.temporaries = temporaries
    }

    deinit { for file in temporaries { try? FileSystem.remove(file) } }

    /// Reads `ink` (format told by content unless `format` says), with `pdf` as the PDF
    /// under it when given (it replaces the one a foreign document names).
    /// `confinement` is where the files the document refers to may be read from (`ImportOptions.confinement`).
    /// `requireBackground: false` reads a document whose background PDF is missing (its ink only).
    /// `keepsRawValues`: the import keeps every raw value under its extension key (for
    /// conversion); drawing leaves them out, since a foreign document's sidecar is the document.
    /// `layersForm`: what the import leaves (`layersPath`): an ink-layers file for the commands
    /// that read one (and when `recognising`), else a spool (no decimal text written and parsed again).
    /// `recognising`: the layers are given `text` entries as they are read (ink-layers ink: drawn from the run's copy).
    static func open(ink: String, pdf: String?, format: InkFormat?, page: Int?, password: String?, confinement: [String]?,
                     requireBackground: Bool = true, keepsRawValues: Bool = false,
                     layersForm: LayersForm = .spool, annotations: AnnotationVisibility = .print,
                     recognising: InkRecognitionRun? = nil) throws(ExportError) -> InkSource {
        guard FileManager.default.fileExists(atPath: ink) else { throw .opening(.inputMissing(path: ink)) }
        // `--page` places a page that does not say which PDF page it lies on; ink that names its pages is not moved by it.
        if page != nil, let named = format ?? InkImporter.detectFormat(path: ink) ?? (InkImporter.isPDF(path: ink) ? nil : .inkLayers),
           [.inkLayers, .xournal, .rnote, .pdfAnnotations].contains(named) {
            throw .reading(.pageNotApplicable(inkFile: ink, format: named))
        }
        let recognition = recognising?.recognition
        // Ink-layers ink recognised before drawing: its layers are read from the copy, and messages name the ink.
        if let recognisedCopy = recognising?.recognisedCopy {
            return InkSource(path: ink, format: .inkLayers, layers: try InkInputs.openInk(recognisedCopy), plan: nil, pdfPath: pdf,
                             notes: [], temporaries: [], layersPath: recognisedCopy)
        }
        let detected = format ?? InkImporter.detectFormat(path: ink)
        // Not recognised and not plainly something else: read as ink-layers, whose reader says what is wrong.
        if detected == nil { try refuseWhatIsNotInk(ink) }
        guard let detected, detected != .inkLayers else {
            return InkSource(path: ink, format: .inkLayers, layers: try InkInputs.openInk(ink), plan: nil, pdfPath: pdf,
                             notes: [], temporaries: [])
        }
        if detected == .pdfAnnotations {
            return try openAnnotations(of: ink, pdf: pdf, password: password, visibility: annotations, recognition: recognition)
        }
        var options = ImportOptions(pdf: pdf, page: page)
        options.keepsRawValues = keepsRawValues
        options.confinement = confinement
        // Recognised, the layers are ink-layers lines: with their words, they are kept beside the output
        // (`SidecarOutput.start(recognisedLayersOf:)`).
        options.layersForm = recognition == nil ? layersForm : .inkLayers
        if let recognition { options.transformLayer = { recognition.recognise(&$0) } }
        let sizes = PDFPageSizes(password: password)
        let imported: ImportedDocument
        do {
            imported = try InkImporter.read(path: ink, format: detected, options: options,
                                            pdfPageSize: { path, number in sizes.size(of: path, page: number) })
        } catch {
            switch error {
            case .backgroundMissing(let message): throw .reading(.backgroundPDFMissing(message: message))
            case .invalid(let message): throw .reading(.invalidImport(message: message))
            case .pdfPageOutOfRange(let message): throw .reading(.importedPageOutOfRange(message: message))
            }
        }
        var temporaries = [imported.layersPath]
        if let background = imported.backgroundPDF, background.isTemporary, let resolved = background.resolved {
            temporaries.append(resolved)
        }
        // The import's files are the source's from here on; removed now if it is not made.
        var handedOver = false
        defer { if !handedOver { for file in temporaries { try? FileSystem.remove(file) } } }
        let pdfPath = pdf ?? imported.backgroundPDF?.resolved
        if requireBackground, pdf == nil, let background = imported.backgroundPDF, background.resolved == nil,
           imported.pages.contains(where: { if case .pdfPage = $0.background { true } else { false } }) {
            throw .reading(.backgroundPDFMissing(message: "\(ink): the background PDF \(background.requested) is not there; give it with --pdf FILE"))
        }
        let layers = try openLayers(imported.layersForm, path: imported.layersPath, name: ink)
        handedOver = true
        return InkSource(path: ink, format: detected, layers: layers, plan: imported.pages, pdfPath: pdfPath,
                         notes: imported.report.lines, temporaries: temporaries, layersPath: imported.layersPath)
    }

    /// A PDF's annotations as ink (page N of the ink is page N of the PDF), over `pdf` when
    /// given, else over the PDF itself. A PDF with no annotation but links, form fields and
    /// pop-ups is refused as not ink (a PDF given where its ink was meant). With `recognition`, each page's
    /// layer is recognised as it is read, as another tool's document is as it is imported (a layer whose
    /// annotations carry `/Contents`, read as `text` entries, keeps them).
    private static func openAnnotations(of ink: String, pdf: String?, password: String?, visibility: AnnotationVisibility,
                                        recognition: LayerRecognition?) throws(ExportError) -> InkSource {
        // Always ink-layers lines (not a spool): a sidecar copies them as they are.
        // Drawn over the PDF itself: what stays drawn as itself keeps its place above what becomes ink.
        let overItself = pdf.map { FileIdentity.sameFile($0, ink) } ?? true
        let read: PDFAnnotationReader.Result
        do throws(ExportError) {
            do throws(AnnotationReadError) {
                read = try PDFAnnotationReader.read(pdf: ink, password: password, layersForm: .inkLayers, keepingStackingOrder: overItself,
                                                    visibility: visibility, transformLayer: recognition.map { recognition in { recognition.recognise(&$0) } })
            } catch {
                throw ExportError(error)
            }
        } catch .opening(.damagedPDF(_, let reason)) where overItself {
            // poppler, which draws the page, may still open it (and say so if it cannot).
            do throws(AnnotationReadError) {
                read = try PDFAnnotationReader.drawnAsViewersDraw(pdf: ink, reason: reason, layersForm: .inkLayers)
            } catch {
                throw ExportError(error)
            }
        }
        var handedOver = false
        defer { if !handedOver { try? FileSystem.remove(read.layersPath) } }
        guard read.hasAnnotations else { throw .reading(.unknownInkFormat(path: ink, isPDF: true)) }
        let layers = try openLayers(read.layersForm, path: read.layersPath, name: ink)
        handedOver = true
        let source = InkSource(path: ink, format: .pdfAnnotations, layers: layers, plan: nil, pdfPath: pdf ?? ink,
                               notes: read.warnings, temporaries: [read.layersPath], layersPath: read.layersPath)
        source.convertedAnnotations = read.converted
        source.summary = read.summary
        return source
    }

    /// The layers an import left at `path` (in `form`), named as the ink file `name`.
    private static func openLayers(_ form: LayersForm, path: String, name: String) throws(ExportError) -> any PageLayerSource {
        do {
            return try form.open(path: path, displayName: name)
        } catch {
            throw Flattener.exportError(from: error, path: name)
        }
    }

    /// The annotations that became strokes on page `number` of `pdf`, which drawing `pdf`
    /// leaves out so that they are drawn once, as ink: none unless `pdf` is the file they were read from.
    func annotationsDrawnAsInk(onPage number: Int, of pdf: String) -> [ConvertedAnnotation] {
        guard drawsAnnotationsAsInk(of: pdf), let converted = convertedAnnotations[number] else { return [] }
        return converted
    }

    /// Whether `pdf`'s own annotations are this ink (some of them drawn as ink, not by poppler).
    func drawsAnnotationsAsInk(of pdf: String) -> Bool {
        format == .pdfAnnotations && FileIdentity.sameFile(pdf, path)
    }

    /// Throws when a file no importer recognised is plainly not ink (a PDF, an HTML page), so
    /// that the message says so rather than what the ink-layers reader makes of it.
    static func refuseWhatIsNotInk(_ path: String) throws(ExportError) {
        // A file that is not there (or not readable) is left to the reader, which says so.
        guard FileManager.default.isReadableFile(atPath: path) else { return }
        if InkImporter.isPDF(path: path) { throw .reading(.unknownInkFormat(path: path, isPDF: true)) }
        if InkImporter.isHTML(path: path) { throw .reading(.htmlGivenAsInk(path: path)) }
        // A damaged ink-layers file is left to its reader, which says where it breaks.
        if !InkImporter.startsWithJSONObject(path: path) { throw .reading(.unknownInkFormat(path: path, isPDF: false)) }
    }

    /// The number of output pages: the plan's, or the PDF's for ink-layers.
    func outputPageCount(pdfPageCount: Int?) -> Int { plan?.count ?? pdfPageCount ?? 0 }

    /// The PDF page under output page `index` (1-based), nil for paper.
    func pdfPage(ofOutputPage index: Int) -> Int? {
        guard let plan else { return index }
        if case .pdfPage(let number) = plan[index - 1].background { return number }
        return nil
    }

    /// Checks that every PDF page the plan shows is in the PDF.
    func checkPlan(pdfPageCount: Int, pdf: String) throws(ExportError) {
        guard let plan else { return }
        for (index, page) in plan.enumerated() {
            if case .pdfPage(let number) = page.background, number < 1 || number > pdfPageCount {
                throw .reading(.backgroundPageOutOfRange(inkFile: path, page: index + 1, pdfPage: number, pageCount: pdfPageCount, pdf: pdf))
            }
        }
    }
}
