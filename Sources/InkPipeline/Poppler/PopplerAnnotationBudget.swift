import Foundation
import InkFileSystem
import InkImport
import LibPoppler
import LibQPDF

/// Keeps poppler from loading more of a page's annotations than a page may hold.
///
/// poppler parses every annotation of a page into objects of its own as soon as the page's
/// annotations are asked for (drawing the page, its links, `hideAnnotations`) and keeps them
/// with the document; an annotation's arrays are parsed once per annotation, shared or not. A
/// few kilobytes can so ask for gigabytes: 3,000 `/Ink` annotations naming one `/InkList` of
/// 100,000 points took flatten to its memory limit (exit 88). Before poppler opens a PDF, what
/// each page's annotations would make it parse is counted with qpdf, by array lengths
/// (`points(of:limit:)`), against `PDFAnnotationReader.maximumPointsPerPage` (the budget of
/// the annotation reader, which reads them as ink); only when some page passes it is poppler
/// handed a copy of the document without that page's annotations past the budget (written by
/// qpdf into the temporary folder), so that an ordinary file is drawn from itself, as before.
enum PopplerAnnotationBudget {
    /// The most points a page's annotations may make poppler parse (one annotation reader's page).
    static var pointsPerPage: Int { PDFAnnotationReader.maximumPointsPerPage }

    /// Subtypes that `PDFPage.hideAnnotations` finds by their place among those of their kind:
    /// past a page's budget, every one of them goes too, so that the places of those kept do not move.
    static let placedSubtypes: Set<String> = ["/Ink", "/Highlight", "/Underline", "/StrikeOut", "/Squiggly", "/Line",
                                              "/Polygon", "/PolyLine", "/Square", "/Circle"]

    /// The most points all pages' annotations together may make poppler parse (and the annotation
    /// reader read as ink), for a file of `bytes`: the reader's `PDFAnnotationReader.documentPoints`.
    static func documentPoints(fileBytes bytes: Int) -> Int { PDFAnnotationReader.documentPoints(fileBytes: bytes) }

    /// What the scan found: the annotations (places in `/Annots`, from 0) left out of each page, by
    /// page number, and the points poppler will load for each page whose annotations have some.
    struct Scan {
        var removed: [Int: IndexSet] = [:]
        var points: [Int: Int] = [:]
        /// How many of each `/Subtype` (without its slash; "other" when it has none) were left out.
        var subtypes: [String: Int] = [:]
        /// The visible borders of each page's links that are kept (`LinkBorder`), read while the
        /// pages' annotations are: poppler draws none of them when it draws a page for printing.
        var linkBorders: [Int: [LinkBorder]] = [:]
    }

    /// Points (coordinate pairs) poppler makes of `annotation`'s geometry: `/QuadPoints`,
    /// `/Vertices`, `/L`, `/CL`, and each path of `/InkList` and `/Path` (an empty path counts one,
    /// for its own objects), by the arrays' lengths. Counting stops once past `limit`.
    static func points(of annotation: QPDFObject, limit: Int) -> Int {
        guard annotation.isDictionary else { return 0 }
        var total = 0
        for key in ["/QuadPoints", "/Vertices", "/L", "/CL"] {
            if let numbers = annotation[key] { total += (numbers.count + 1) / 2 }
        }
        for key in ["/InkList", "/Path"] {
            guard total <= limit, let paths = annotation[key], paths.isArray else { continue }
            for index in 0..<paths.count {
                total += max(1, (paths[index].count + 1) / 2)
                if total > limit { break }
            }
        }
        return total
    }

    /// The annotations of `page` left out, and the points of those kept: once the page's points pass
    /// `allowance` (the page's budget, or what is left of the document's), the annotation that passes
    /// it and every later one that has points or a placed subtype; and every entry past
    /// `PDFAnnotationReader.maximumAnnotationsPerPage`. None for a page within its allowance.
    static func removals(ofPage page: QPDFObject, allowance: Int, subtypes: inout [String: Int]) -> (removed: IndexSet, points: Int) {
        guard let annotations = page["/Annots"], annotations.isArray else { return (IndexSet(), 0) }
        let count = annotations.count
        let read = min(count, PDFAnnotationReader.maximumAnnotationsPerPage)
        var removed = IndexSet()
        var spent = 0, kept = 0
        for index in 0..<read {
            let annotation = annotations[index]
            let passed = spent > allowance
            let points = points(of: annotation, limit: passed ? 0 : allowance - spent)
            if !passed { spent += points }
            let subtype = annotation.isDictionary ? annotation["/Subtype"]?.name : nil
            guard spent > allowance, points > 0 || subtype.map(placedSubtypes.contains) == true else {
                kept += points
                continue
            }
            removed.insert(index)
            subtypes[subtype.map { String($0.dropFirst()) } ?? "other", default: 0] += 1
        }
        if read < count {
            removed.insert(integersIn: read..<count)
            subtypes["other", default: 0] += count - read
        }
        return (removed, kept)
    }

    /// What `path`'s pages would make poppler load, page by page within the budgets, and the borders
    /// of the links `links` takes (none when nil). nil when qpdf cannot read the file (poppler then opens
    /// it as it is, and says what it says).
    static func scan(path: String, password: String?, links: AnnotationVisibility? = nil) -> Scan? {
        guard let pages = try? AnnotatedPages(path: path, password: password) else { return nil }
        var documentLeft = documentPoints(fileBytes: fileBytes(path))
        var scan = Scan()
        let visited = try? pages.visit { _, number, page in
            let (removed, points) = Self.removals(ofPage: page, allowance: min(pointsPerPage, documentLeft), subtypes: &scan.subtypes)
            if !removed.isEmpty { scan.removed[number] = removed }
            if points > 0 { scan.points[number] = points }
            if let links {
                let borders = LinkBorder.borders(onPage: page, visibility: links, skipping: removed)
                if !borders.isEmpty { scan.linkBorders[number] = borders }
            }
            documentLeft -= points
            return true
        }
        return visited == nil ? nil : scan
    }

    /// The PDF poppler is to open for `path`: nil when every page is within the budget (the file
    /// itself), else a copy in `temporaryDirectory` without the annotations past it, with the one
    /// warning that says what was left out.
    static func drawableCopy(of scan: Scan, path: String, password: String?,
                             temporaryDirectory: String = ImportOptions.defaultTemporaryDirectory) throws(ExportError) -> DrawnCopy? {
        guard !scan.removed.isEmpty else { return nil }
        let pages = QPDFPageList(path: path, password: password)
        let document = try pages.open()
        for (number, removed) in scan.removed {
            document.releasingObjects {
                let page = pages.page(number, of: document)
                guard let annotations = page["/Annots"], annotations.isArray else { return }
                // A new array: an /Annots that pages share stays as it is for the others.
                let kept = document.newArray()
                for index in 0..<annotations.count where !removed.contains(index) { kept.append(annotations[index]) }
                page.set("/Annots", kept)
            }
        }
        let copy: DrawnCopy
        do throws(Errno) {
            copy = try DrawnCopy(in: temporaryDirectory, warning: warning(path: path, scan: scan), summary: summary(path: path, scan: scan))
        } catch {
            throw .writing(.writeFailed(path: temporaryDirectory, reason: error.description))
        }
        try document.write(to: copy.path, name: path)
        return copy
    }

    /// One line: the file, its pages (the first few), what was left out, and why.
    static func warning(path: String, scan: Scan) -> String {
        "\(path): \(summary(path: path, scan: scan)); "
            + "read as ink (`inkpdf flatten \(path)`), a page keeps its first \(PDFAnnotationReader.maximumPointsPerPage) points"
    }

    /// The pages (the first few), what was left out of them, and why.
    static func summary(path: String, scan: Scan) -> String {
        let numbers = scan.removed.keys.sorted()
        let named = numbers.prefix(5).map(String.init).joined(separator: ", ")
        let pages = numbers.count == 1 ? "page \(named)" : "pages \(named)" + (numbers.count > 5 ? " and \(numbers.count - 5) more" : "")
        let total = scan.removed.values.reduce(0) { $0 + $1.count }
        let kinds = scan.subtypes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "\(pages): \(total) annotation\(total == 1 ? "" : "s") (\(kinds)) left out of the drawing: "
            + "they would make poppler load more than the \(pointsPerPage) points a page's annotations may have "
            + "(or the \(documentPoints(fileBytes: fileBytes(path))) of the whole file)"
    }

    static func fileBytes(_ path: String) -> Int { PDFAnnotationReader.fileBytes(path) }
}
