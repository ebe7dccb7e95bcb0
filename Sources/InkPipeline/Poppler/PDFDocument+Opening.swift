import Foundation
import InkFileSystem
import InkImport
import InkModel
import LibPoppler

extension PDFDocument {
    /// Opens the PDF at `path` with poppler (`PDFDocument(opening:)`), failing as export fails; the pages'
    /// /Rotate and /MediaBox, which poppler cannot tell, are read with qpdf when asked for (`PageRotations`).
    public static func open(path: String, password: String? = nil, drawnFrom copy: DrawnCopy? = nil) throws(ExportError) -> PDFDocument {
        let document: PDFDocument
        do { document = try PDFDocument(opening: path, password: password, drawnFrom: copy) } catch { throw ExportError(error) }
        document.pageBoxes = PageRotations.boxes
        return document
    }

    /// Opens `path` for drawing: as it is, or, when a page's annotations would make poppler load
    /// more than a page may (`PopplerAnnotationBudget`), from a copy without those past the budget;
    /// `drawnCopy?.warning` then says what was left out.
    public static func openForDrawing(path: String, password: String? = nil) throws(ExportError) -> PDFDocument {
        try openForPrinting(path: path, password: password, links: nil).document
    }

    /// Opens `path` for drawing (`openForDrawing`), with the visible borders of each page's links that
    /// `links` takes by their flags (`LinkBorder`, by page number; none when nil), which poppler's drawing
    /// for printing leaves out: found by the same reading of the pages' annotations.
    public static func openForPrinting(path: String, password: String? = nil, links: AnnotationVisibility?) throws(ExportError)
        -> (document: PDFDocument, linkBorders: [Int: [LinkBorder]]) {
        try ExportError.requireReadableFile(path)
        let scan = PopplerAnnotationBudget.scan(path: path, password: password, links: links)
        // What qpdf parsed for the count is freed; given back before poppler allocates on top of it.
        FreedMemory.release()
        let copy = try scan.map { (scan) throws(ExportError) in try PopplerAnnotationBudget.drawableCopy(of: scan, path: path, password: password) }
        let document = try PDFDocument.open(path: path, password: password, drawnFrom: copy ?? nil)
        document.annotationPoints = scan?.points ?? [:]
        return (document, scan?.linkBorders ?? [:])
    }

    /// Opens the same file again, as this document was opened (`drawnFrom`, `annotationPoints`):
    /// poppler keeps every page's annotations it has loaded until the document goes.
    public func reopened(password: String?) throws(ExportError) -> PDFDocument {
        let document = try PDFDocument.open(path: path, password: password, drawnFrom: drawnCopy)
        document.annotationPoints = annotationPoints
        return document
    }

    /// Page `number` (1-based), to be released before the next is opened.
    public func page(_ number: Int) throws(ExportError) -> PDFPage {
        do { return try openPage(number) } catch { throw ExportError(error) }
    }
}

extension PDFPage {
    /// Hides the annotations a flatten draws as ink instead (`PDFPage.hideAnnotations`), and text markup
    /// whose quadrilaterals lie outside `InkRange`.
    func hideAnnotations(_ annotations: [ConvertedAnnotation]) {
        hideAnnotations(annotations, isCoordinate: InkRange.isCoordinate)
    }
}

extension ExportError {
    /// What poppler could not do, said as export says it.
    init(_ error: PopplerError) {
        switch error {
        case .file(let error): self = ExportError(error)
        case .badFileName(let path, let reason): self = .opening(.inputUnreadable(path: path, reason: reason))
        case .empty(let path): self = .opening(.emptyPDF(path: path))
        case .passwordRequired(let path): self = .opening(.passwordRequired(path: path))
        case .wrongPassword(let path): self = .opening(.wrongPassword(path: path))
        case .damaged(let path, let reason): self = .opening(.damagedPDF(path: path, reason: reason))
        case .attachmentTooLarge(let path, let limit): self = .opening(.embeddedInkTooLarge(path: path, limit: limit))
        case .attachmentStopped(let path): self = .opening(.damagedPDF(path: path, reason: "its embedded ink cannot be read (the copy stopped)"))
        }
    }
}
