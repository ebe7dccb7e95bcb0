import Foundation
import InkFileSystem
import InkModel
import LibQPDF

/// Reads a PDF's annotations as ink (`docs/annotations.md`, "What inkpdf reads"):
/// page by page, in `/Annots` order, into a temporary ink-layers file or spool
/// that every command then reads as it reads any ink. Page N of the ink is
/// page N of the PDF; points are in the ink's frame (the page as displayed, y down).
///
/// The PDF is untrusted: nothing in it is followed that could loop (`/Popup`,
/// `/IRT`, `/Parent` are never read), every number is checked against `InkRange`
/// before it is believed, work is bounded per annotation and per page, and
/// every annotation left out or repaired is named (page, place, `/NM`) in the notes.
/// qpdf's object handles are released after every page, so memory stays flat.
public enum PDFAnnotationReader {
    /// The layer foreign annotations go to.
    public static let layerName = "Annotations"
    /// The most points one annotation gives (more are left out, with a warning).
    public static let maximumPointsPerAnnotation = 100_000
    /// The most points of one page (the annotations after that are left out, with a warning).
    public static let maximumPointsPerPage = 2_000_000
    /// The most `/Annots` entries read on a page.
    public static let maximumAnnotationsPerPage = 100_000
    /// The most bytes an `/InkPDF:Layer` or `/InkPDF:Header` stream may inflate to, and a page's
    /// `/InkPDF:Strokes` streams together.
    public static let maximumStreamBytes = 64 << 20
    /// What inkpdf's stored strokes of a whole document may inflate to, beyond `maximumStreamBytes`,
    /// per byte of the file (`StoredInkCache`): packed strokes deflate about 4:1, so far more
    /// than a real export needs, while a stream of zeros (1000:1) named everywhere stays bounded.
    public static let maximumInflationPerByte = 64
    /// The most inflated bytes of stored strokes kept decoded for annotations that may name them
    /// again (`StoredInkCache`; the stream decoded last is kept whatever its size): parsed, they
    /// take several times as much, and an export's streams are each named by one page only.
    public static let maximumHeldBytes = 1 << 20
    /// The most pages that have a line of their own in the notes ("page 3: 2 Ink → 5 strokes");
    /// the pages after share one line of totals, so that the notes stay a screenful.
    public static let maximumPageLines = 20
    /// Subtypes that are not ink and not reported as left out.
    public static let notInk: Set<String> = ["Link", "Widget", "Popup"]

    /// What reading gave: the layers (a temporary file the caller removes), the notes for
    /// the user, and the annotations that became strokes on each page.
    public struct Result {
        public var layersPath: String
        public var layersForm: LayersForm
        /// Every line for the user: the summary first, then the warnings.
        public var notes: [String]
        /// Information, the first lines of the notes: what each page's annotations became ("page 3: 2 Ink → 5 strokes").
        public var summary: [String] = []
        /// The notes that are warnings: what was left out or repaired, and why.
        public var warnings: [String] { Array(notes.dropFirst(summary.count)) }
        public var converted: [Int: [ConvertedAnnotation]]
        /// Whether the PDF has any annotation but links, form fields and pop-ups.
        public var hasAnnotations: Bool
    }

    /// Whether the PDF has an annotation that could be ink (any but links, form fields and
    /// pop-ups): what `batch --annotations` asks of a PDF with no ink beside it. Unreadable,
    /// encrypted without a password or damaged: false (it is copied or skipped as uninked).
    public static func mayHoldInk(pdf path: String) -> Bool {
        guard let pages = try? AnnotatedPages(path: path, password: nil) else { return false }
        var found = false
        _ = try? pages.visit { _, _, page in
            found = (page["/Annots"]?.items ?? []).contains { annotation in
                guard let subtype = annotation["/Subtype"]?.name else { return false }
                return !notInk.contains(String(subtype.dropFirst()))
            }
            return !found
        }
        return found
    }

    /// The fewest pages read between reopenings of the document (see `AnnotatedPages`; `ReopeningSchedule`
    /// reopens less often when the pages are cheap to read). Each page's annotations are
    /// forgotten once read, but qpdf still holds a little of each (its table entry and a null),
    /// which reopening drops: on a long document of dense pages it lowers the peak a little more,
    /// far less than forgetting does.
    public static let reopenInterval = 200
    /// The most reopenings for annotations that pages share (see `AnnotatedPages`); after that,
    /// annotations are no longer forgotten between the periodic reopenings.
    public static let maximumSharingReopenings = 8

    /// Reads `path`'s annotations into a new file in `temporaryDirectory` (in `layersForm`).
    /// On error nothing is left behind.
    /// With `keepingStackingOrder` (the PDF will be drawn under these strokes), an annotation that
    /// would become ink but lies under one drawn as itself stays drawn as itself (`PageAnnotations`).
    /// `transformLayer` changes each layer before it is written (`--recognize`: its text recognised).
    public static func read(pdf path: String, password: String?, layersForm: LayersForm,
                            temporaryDirectory: String = ImportOptions.defaultTemporaryDirectory,
                            keepingStackingOrder: Bool = false, visibility: AnnotationVisibility = .print,
                            transformLayer: ((inout PageLayer) -> Void)? = nil) throws(AnnotationReadError) -> Result {
        let layersPath = try makeTemporaryFile(in: temporaryDirectory, suffix: layersForm.fileSuffix)
        var done = false
        defer { if !done { try? FileSystem.remove(layersPath) } }
        let sink: any LayerSink
        do { sink = try layersForm.makeSink(path: layersPath) } catch { throw .layers(error, path: layersPath) }
        let read = try self.read(pdf: path, password: password, into: transformLayer.map { TransformingLayerSink(sink, transform: $0) } ?? sink,
                                 sinkPath: layersPath, keepingStackingOrder: keepingStackingOrder, visibility: visibility) { stored, _ in stored }
        done = true
        return Result(layersPath: layersPath, layersForm: layersForm, notes: read.notes, summary: read.summary,
                      converted: read.converted, hasAnnotations: read.hasAnnotations)
    }

    /// For a PDF drawn over itself whose structure qpdf cannot read (`reason`), though poppler may
    /// (a broken cross-reference chain poppler rebuilds): no strokes, and a note that its annotations
    /// are drawn as a viewer draws them rather than read as ink.
    public static func drawnAsViewersDraw(pdf path: String, reason: String, layersForm: LayersForm,
                                          temporaryDirectory: String = ImportOptions.defaultTemporaryDirectory) throws(AnnotationReadError) -> Result {
        let layersPath = try makeTemporaryFile(in: temporaryDirectory, suffix: layersForm.fileSuffix)
        do {
            let sink = try layersForm.makeSink(path: layersPath)
            try sink.write(header: InkLayersHeader())
            try sink.close()
        } catch {
            try? FileSystem.remove(layersPath)
            throw .layers(error, path: layersPath)
        }
        let note = "\(path): qpdf cannot read its structure (\(reason)), so its annotations are not read as ink; "
            + "they are drawn as a viewer draws them"
        return Result(layersPath: layersPath, layersForm: layersForm, notes: [note], converted: [:], hasAnnotations: true)
    }

    /// What reading into a sink gave: the notes for the user, and the annotations that became strokes on each page.
    public struct Read {
        /// Every line for the user: the summary first, then the warnings.
        public var notes: [String]
        /// Information, the first lines of the notes: what each page's annotations became ("page 3: 2 Ink → 5 strokes").
        public var summary: [String] = []
        /// The notes that are warnings: what was left out or repaired, and why.
        public var warnings: [String] { Array(notes.dropFirst(summary.count)) }
        public var converted: [Int: [ConvertedAnnotation]]
        /// Whether the PDF has any annotation but links, form fields and pop-ups.
        public var hasAnnotations: Bool
        /// How many times the document was opened afresh while it was read.
        public var reopenings = 0
        /// The most inflated bytes of stored strokes held decoded at once (`maximumHeldBytes`).
        public var storedBytesHeldPeak = 0
    }

    /// Reads `path`'s annotations into `sink` (which it closes; `sinkPath` names it in errors),
    /// page by page: first the header `header` makes of the stored one (title and other keys,
    /// empty when none was stored) and the PDF's page count, then each page's layers. When `header`
    /// returns nil (the caller met an error of its own, which it keeps), reading stops with `headerRefused`.
    public static func read(pdf path: String, password: String?, into sink: any LayerSink, sinkPath: String,
                            keepingStackingOrder: Bool = false, visibility: AnnotationVisibility = .print,
                            header: (InkLayersHeader, Int) -> InkLayersHeader?) throws(AnnotationReadError) -> Read {
        let pages = try AnnotatedPages(path: path, password: password)
        var notes: [String] = [], summary: [String] = []
        var converted: [Int: [ConvertedAnnotation]] = [:]
        var hasAnnotations = false
        var reopenings = 0
        let cache = StoredInkCache(path: path)
        var tally = WarningTally()
        var pageLines: [String] = []
        var laterPages: (first: Int, last: Int, count: Int, counts: PageAnnotations.Counts)?
        do {
            var stored = InkLayersHeader()
            if let found = try storedHeader(of: pages, notes: &notes) {
                stored.extra = found.extra
                stored.pdfExtra = found.pdfExtra
            }
            guard let made = header(stored, pages.pageCount) else { throw AnnotationReadError.headerRefused }
            try sink.write(header: made)
            // The pages' points together are bounded too (`documentPoints`): 20 pages
            // naming one /InkList of 100,000 points 20 times each (about a megabyte) gave gigabytes of ink.
            var documentLeft = documentPoints(fileBytes: fileBytes(path))
            reopenings = try pages.visit { document, number, page throws(AnnotationReadError) in
                let page: PageAnnotations = document.releasingObjects {
                    var reader = PageAnnotations(number: number, page: page, path: path, cache: cache, tally: tally,
                                                 keepsStacking: keepingStackingOrder, visibility: visibility, points: documentLeft)
                    reader.read()
                    return reader
                }
                documentLeft -= page.pointsSpent
                tally = page.tally
                hasAnnotations = hasAnnotations || page.hasAnnotations
                if let text = page.counts.text {
                    if pageLines.count < maximumPageLines {
                        pageLines.append("page \(number): " + text)
                    } else if var later = laterPages {
                        later.last = number
                        later.count += 1
                        later.counts.add(page.counts)
                        laterPages = later
                    } else {
                        laterPages = (number, number, 1, page.counts)
                    }
                }
                if !page.converted.isEmpty { converted[number] = page.converted }
                for layer in page.layers where !layer.strokes.isEmpty {
                    do { try sink.write(layer: layer) } catch { throw .layers(error, path: sinkPath) }
                }
                return true
            }
            try sink.close()
            summary = pageLines + (laterPages.map { later in
                ["page\(later.count == 1 ? "" : "s") \(later.first)\(later.count == 1 ? "" : "-\(later.last) (\(later.count) pages)"): " + (later.counts.text ?? "")]
            } ?? [])
            notes = summary + notes + tally.lines
        } catch let error as AnnotationReadError {
            throw error
        } catch {
            throw .layers(error, path: sinkPath)
        }
        return Read(notes: notes, summary: summary, converted: converted, hasAnnotations: hasAnnotations, reopenings: reopenings,
                    storedBytesHeldPeak: cache.peakHeldBytes)
    }

    /// The header an inkpdf export stored (`/InkPDF:Header` of its first annotation that has
    /// one), without the PDF's hash and page count, which were the PDF's before the export
    /// added its annotations.
    private static func storedHeader(of pages: AnnotatedPages, notes: inout [String]) throws(AnnotationReadError) -> InkLayersHeader? {
        var header: InkLayersHeader?
        _ = try pages.visit { document, number, page in
            guard let annotations = page["/Annots"], annotations.isArray else { return true }
            for index in 0..<min(annotations.count, maximumAnnotationsPerPage) {
                let annotation = annotations[index]
                guard annotation.isDictionary,
                      annotation[InkAnnotationFormat.strokesKey] != nil || annotation[InkAnnotationFormat.layerKey] != nil else { continue }
                guard let stream = annotation[InkAnnotationFormat.headerKey] else { return false }
                guard let bytes = inflatedStream(stream) else {
                    notes.append("page \(number), annotation \(index + 1): its \(InkAnnotationFormat.headerKey) stream cannot be decoded; the header's title and other keys are not restored")
                    return false
                }
                do {
                    header = try bytes.withUnsafeBytes { try InkLayersHeader(parsing: $0, file: "\(document.path) \(InkAnnotationFormat.headerKey)") }
                } catch {
                    notes.append("page \(number), annotation \(index + 1): its \(InkAnnotationFormat.headerKey) is not an ink-layers header (\(error)); not restored")
                }
                return false
            }
            return true
        }
        return header
    }

    /// A stream's data: FlateDecode (the only filter inkpdf writes its keys with) inflated
    /// within `maximumStreamBytes`, or unfiltered; nil for anything else.
    static func inflatedStream(_ stream: QPDFObject, limit: Int = maximumStreamBytes) -> [UInt8]? {
        guard stream.isStream, let raw = stream.rawStreamData() else { return nil }
        let filter = stream["/Filter"]
        if filter == nil { return raw.count <= limit ? raw : nil }
        let flate = filter!.isName("/FlateDecode") || (filter!.isArray && filter!.count == 1 && filter![0].isName("/FlateDecode"))
        guard flate, stream["/DecodeParms"] == nil else { return nil }
        return ZlibInflate.inflate(raw, limit: limit)
    }

    private static func makeTemporaryFile(in folder: String, suffix: String) throws(AnnotationReadError) -> String {
        var path = (folder as NSString).appendingPathComponent("inkpdf-annotations-XXXXXX") + suffix
        do { try FileSystem.reserveUniqueName(from: &path, suffixLength: suffix.utf8.count) } catch {
            throw .temporaryFile(folder: folder, reason: error.description)
        }
        return path
    }

    /// The most points all pages' annotations together may give (and make poppler parse: the
    /// pipeline's `PopplerAnnotationBudget`), for a file of `bytes`: the page budget, and what the
    /// file could hold without sharing — a point is two numbers of at least two bytes each, deflated
    /// at most `maximumInflationPerByte` to one (the bound on what stored strokes may inflate to).
    /// Beyond that, only arrays named again and again can make the points: 20 pages each naming one
    /// /InkList of 100,000 points 20 times (about a megabyte) took flatten past a gigabyte.
    public static func documentPoints(fileBytes bytes: Int) -> Int {
        maximumPointsPerPage + min(bytes, Int.max / maximumInflationPerByte) / 4 * maximumInflationPerByte
    }

    /// The size of the file at `path` in bytes; 0 when it cannot be known.
    public static func fileBytes(_ path: String) -> Int {
        (try? FileSystem.status(of: path)).map { Int($0.st_size) } ?? 0
    }
}

/// The pages of a PDF whose annotations are read, visited in order with qpdf in
/// bounded memory. qpdf keeps what it parsed until the document is closed. So:
/// - the pages are found without qpdf's list of all pages where that can be done
///   (`QPDFPageList`: that list's memory grows with the pages);
/// - each page's annotations are forgotten once visited (`QPDFDocument.forgetObjects`),
///   and the document is opened afresh every `reopenInterval` pages or more
///   (`ReopeningSchedule`; its table of forgotten objects);
/// - an annotation that a page lists after an earlier one did (shared against the
///   standard, as a stamp on every page may be) is read again from the document opened
///   afresh, and never forgotten from then on: one reopening each, at most
///   `maximumSharingReopenings` (annotations chained across pages, each page listing the
///   previous page's, cost a reopening a page, quadratic in the pages); after that nothing is
///   forgotten, and only the periodic reopenings drop what qpdf parsed.
public struct AnnotatedPages {
    public let pages: QPDFPageList
    public let pageCount: Int

    public init(path: String, password: String?) throws(AnnotationReadError) {
        pages = QPDFPageList(path: path, password: password)
        do throws(QPDFOpeningError) { pageCount = try pages.countPages() } catch { throw .opening(error) }
    }

    /// Calls `visit` with the document, the page's number and the page, for pages 1, 2, …
    /// until it returns false; returns how many times the document was opened afresh.
    public func visit(_ visit: (QPDFDocument, Int, QPDFObject) throws(AnnotationReadError) -> Bool) throws(AnnotationReadError) -> Int {
        let opened = try ReopeningSchedule.timing { () throws(AnnotationReadError) in try open() }
        var document = opened.value
        var schedule = ReopeningSchedule(every: PDFAnnotationReader.reopenInterval, openingCost: opened.nanoseconds)
        var reopenings = 0, sharingReopenings = 0
        var forgetting = true
        var forgotten = Set<QPDFReference>(), shared = Set<QPDFReference>()
        for number in stride(from: 1, through: pageCount, by: 1) {
            var listed = forgetting ? document.releasingObjects { Self.annotationReferences(of: pages.page(number, of: document)) } : []
            let again = forgotten.intersection(listed)
            let due = number > 1 && schedule.pageDone()
            if due || !again.isEmpty {
                try schedule.reopen { () throws(AnnotationReadError) in
                    document.close()
                    document = try open()
                }
                forgotten.removeAll(keepingCapacity: true)
                shared.formUnion(again)
                reopenings += 1
                if !again.isEmpty {
                    sharingReopenings += 1
                    if sharingReopenings >= PDFAnnotationReader.maximumSharingReopenings {
                        forgetting = false
                        listed = []
                        shared.removeAll()
                    }
                }
                FreedMemory.release()
            }
            if !shared.isEmpty { listed.removeAll { shared.contains($0) } }
            let goOn = try document.releasingObjects { () throws(AnnotationReadError) in try visit(document, number, pages.page(number, of: document)) }
            if forgetting {
                document.forgetObjects(listed)
                forgotten.formUnion(listed)
            }
            if !goOn { break }
        }
        return reopenings
    }

    private func open() throws(AnnotationReadError) -> QPDFDocument {
        do throws(QPDFOpeningError) { return try pages.openDocument() } catch { throw .opening(error) }
    }

    /// The objects `page`'s `/Annots` names, as far as `PageAnnotations` reads them.
    private static func annotationReferences(of page: QPDFObject) -> [QPDFReference] {
        guard let annotations = page["/Annots"], annotations.isArray else { return [] }
        return (0..<min(annotations.count, PDFAnnotationReader.maximumAnnotationsPerPage)).compactMap { annotations[$0].reference }
    }
}

/// Why a PDF's annotations could not be read as ink, each case carrying what its message needs
/// (the pipeline tells them as `ExportError`, with the messages export gives).
public enum AnnotationReadError: Error {
    /// qpdf could not open the PDF (or open it afresh between pages).
    case opening(QPDFOpeningError)
    /// The ink-layers file or sink at `path` could not be made, written or closed (an
    /// `InkFileError`, or the sink's own error).
    case layers(any Error, path: String)
    /// No temporary file could be reserved in `folder` (`reason`: the system's words).
    case temporaryFile(folder: String, reason: String)
    /// The caller's header closure returned nil: it met an error of its own, which it tells.
    case headerRefused
}
