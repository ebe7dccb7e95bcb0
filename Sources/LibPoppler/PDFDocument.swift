import CPoppler
import Foundation
import InkFileSystem

/// A PDF opened with poppler-glib for reading and rendering.
///
/// Not thread-safe: poppler documents are used from one thread at a time.
public final class PDFDocument {
    private let handle: OpaquePointer
    public let path: String
    public let pageCount: Int
    /// The forms of the password for qpdf (`PasswordCandidates`), the one that opened the file here first.
    /// poppler-glib also tries a UTF-8 password as Latin-1 itself, so the form that opened the
    /// file in poppler may not be the one qpdf (which does not transcode) needs: qpdf tries them all.
    public private(set) var qpdfPasswordForms: [[UInt8]?] = [nil]
    private var rotations: [Int]?
    private var sizes: [Int: (Double, Double)] = [:]
    private var destinationTree: OpaquePointer?
    /// The copy poppler opened instead of `path`, when a page's annotations were past what it may load.
    public let drawnCopy: DrawnCopy?
    /// The points poppler makes of each page's annotations (pages without any left out), as
    /// `PopplerAnnotationBudget` counted them when the document was opened for drawing.
    public var annotationPoints: [Int: Int] = [:]
    /// What poppler-glib cannot tell of a page (its /Rotate, its /MediaBox), read by whoever opened the
    /// document (InkPipeline reads them with qpdf); nil: poppler's own guess.
    public var pageBoxes: PageBoxes?

    /// Opens the PDF at `path`, trying each form of `password` that
    /// `PasswordCandidates` lists: UTF-8 (AES-256 files, also in its NFKC form)
    /// and then Latin-1 bytes (RC4 and AES-128 files take PDFDocEncoding).
    ///
    /// The corresponding C function is `poppler_document_new_from_file`.
    ///
    /// `drawnFrom`: a copy of the file for poppler to open instead (`PopplerAnnotationBudget`);
    /// the document is still `path` (its name in messages, what qpdf reads).
    public init(opening path: String, password: String? = nil, drawnFrom copy: DrawnCopy? = nil) throws(PopplerError) {
        self.path = path
        self.drawnCopy = copy
        do throws(FileSystemError) { try FileIdentity.requireReadableFile(path) } catch { throw .file(error) }
        let absolute = URL(fileURLWithPath: copy?.path ?? path).standardizedFileURL.path
        var uriError: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(absolute, nil, &uriError) else {
            throw .badFileName(path: path, reason: GLibError.consume(uriError)?.message ?? "bad file name")
        }
        defer { g_free(uri) }

        var lastError: GLibError?
        let forms = PasswordCandidates.forms(of: password)
        for candidate in forms {
            var error: UnsafeMutablePointer<GError>?
            let document = PasswordCandidates.withCString(candidate) { poppler_document_new_from_file(uri, $0, &error) }
            if let document {
                handle = document
                qpdfPasswordForms = [candidate] + forms.filter { $0 != candidate }
                pageCount = Int(poppler_document_get_n_pages(document))
                // Every stored property is set, so deinit releases the document when this throws.
                guard pageCount > 0 else { throw .empty(path: path) }
                return
            }
            lastError = GLibError.consume(error)
            if lastError?.code != Int32(POPPLER_ERROR_ENCRYPTED.rawValue) { break }
        }
        if lastError?.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
            throw password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path)
        }
        throw .damaged(path: path, reason: lastError?.message ?? "poppler could not open it")
    }

    deinit {
        if let destinationTree { g_tree_unref(destinationTree) }
        inkpdf_g_object_unref(UnsafeMutableRawPointer(handle))
    }

    /// Calls `body` with the `PopplerDocument`, which must not outlive the call.
    func withUnsafeHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T { try body(handle) }

    /// Page `number`'s `/Rotate`, normalised (0, 90, 180, 270).
    public func rotation(ofPage number: Int) -> Int {
        if rotations == nil {
            rotations = pageBoxes?.rotations(path, qpdfPasswordForms, pageCount) ?? []
        }
        if let rotations, rotations.count == pageCount { return rotations[number - 1] }
        // qpdf could not read what poppler repaired: tell 90 from 0 by whether the shown size is the crop box turned.
        guard let page = try? openPage(number) else { return 0 }
        var crop = PopplerRectangle()
        page.withUnsafeHandle { poppler_page_get_crop_box($0, &crop) }
        let size = page.displayedSize
        let turned = abs(abs(crop.x2 - crop.x1) - size.height) < 0.01 && abs(abs(crop.x2 - crop.x1) - size.width) > 0.01
        return turned ? 90 : 0
    }

    /// Page `number`'s displayed size, remembered once asked. A page whose
    /// CropBox lies outside its MediaBox shows as 0 × 0 in poppler; it is given
    /// its MediaBox's size (turned by /Rotate), as poppler's pdftoppm shows it.
    public func displayedSize(ofPage number: Int) -> (Double, Double) {
        if let size = sizes[number] { return size }
        guard let page = try? openPage(number) else { return (0, 0) }
        return displayedSize(of: page)
    }

    /// The displayed size of a page already open (see `displayedSize(ofPage:)`).
    public func displayedSize(of page: borrowing PDFPage) -> (Double, Double) {
        if let size = sizes[page.number] { return size }
        var size = page.displayedSize
        if size.width < 1 || size.height < 1,
           let media = pageBoxes?.mediaBoxSize(path, qpdfPasswordForms, page.number),
           media.0 >= 1, media.1 >= 1 {
            size = rotation(ofPage: page.number) % 180 == 0 ? (media.0, media.1) : (media.1, media.0)
        }
        sizes[page.number] = (size.width, size.height)
        return (size.width, size.height)
    }

    /// A named destination from both the old `/Dests` dictionary and the `/Names` tree.
    ///
    /// poppler's `find_dest` looks the one name up, but only in the old dictionary when
    /// the catalog has one; a name it does not find is looked up in poppler's tree of
    /// both, made on first need. The tree is not the first resort: making it resolves
    /// every destination of the document to its page, each by a walk over the pages
    /// (a long manual has tens of thousands, seconds of work before the first page; the outline
    /// and links need a few thousand).
    ///
    /// The corresponding C functions are `poppler_document_find_dest`, `poppler_document_create_dests_tree`
    /// and `g_tree_lookup`.
    func namedDestination(_ name: UnsafePointer<CChar>) -> UnsafeMutablePointer<PopplerDest>? {
        if let found = poppler_document_find_dest(handle, name) { return found }
        if destinationTree == nil { destinationTree = poppler_document_create_dests_tree(handle) }
        guard let tree = destinationTree,
              let found = g_tree_lookup(tree, name)?.assumingMemoryBound(to: PopplerDest.self) else { return nil }
        return poppler_dest_copy(found)
    }

    /// Page `number` (1-based), to be released before the next is opened.
    ///
    /// The corresponding C function is `poppler_document_get_page`.
    public func openPage(_ number: Int) throws(PopplerError) -> PDFPage {
        guard number >= 1, number <= pageCount, let page = poppler_document_get_page(handle, Int32(number - 1)) else {
            throw .damaged(path: path, reason: "page \(number) cannot be read")
        }
        return PDFPage(adopting: page, number: number)
    }

    /// Document information as UTF-8 strings (nil where absent).
    public var info: DocumentInfo {
        func take(_ value: UnsafeMutablePointer<gchar>?) -> String? {
            guard let value else { return nil }
            defer { g_free(value) }
            let text = String(cString: value)
            return text.isEmpty ? nil : text
        }
        func date(_ value: OpaquePointer?) -> String? {
            guard let value else { return nil }
            defer { g_date_time_unref(value) }
            return take(g_date_time_format(value, "%Y-%m-%dT%H:%M:%S%:z"))
        }
        return DocumentInfo(title: take(poppler_document_get_title(handle)),
                            author: take(poppler_document_get_author(handle)),
                            subject: take(poppler_document_get_subject(handle)),
                            keywords: take(poppler_document_get_keywords(handle)),
                            creator: take(poppler_document_get_creator(handle)),
                            creationDate: date(poppler_document_get_creation_date_time(handle)),
                            modificationDate: date(poppler_document_get_modification_date_time(handle)),
                            producer: take(poppler_document_get_producer(handle)))
    }
}

/// What poppler-glib 22.12 has no getter for, a page's /Rotate and /MediaBox, read by whoever opens the
/// document (InkPipeline reads them with qpdf), given the file and the forms of its password.
public struct PageBoxes: Sendable {
    /// Every page's /Rotate (normalised: 0, 90, 180, 270), or nil when they cannot be read.
    public var rotations: @Sendable (_ path: String, _ passwordForms: [[UInt8]?], _ pageCount: Int) -> [Int]?
    /// A page's /MediaBox width and height, or nil.
    public var mediaBoxSize: @Sendable (_ path: String, _ passwordForms: [[UInt8]?], _ page: Int) -> (Double, Double)?

    public init(rotations: @escaping @Sendable (String, [[UInt8]?], Int) -> [Int]?,
                mediaBoxSize: @escaping @Sendable (String, [[UInt8]?], Int) -> (Double, Double)?) {
        self.rotations = rotations
        self.mediaBoxSize = mediaBoxSize
    }
}

/// What poppler could not do with a file, and which file; the caller says it in its own words.
public enum PopplerError: Error, Equatable {
    /// The file is missing or cannot be read.
    case file(FileSystemError)
    /// glib could not make a URI of the file's name.
    case badFileName(path: String, reason: String)
    case empty(path: String)
    case passwordRequired(path: String)
    case wrongPassword(path: String)
    /// Not a PDF, damaged beyond poppler's repair, or a part of it (a page, an embedded file) that cannot be read.
    case damaged(path: String, reason: String)
    /// An embedded file decodes to more than the limit asked for.
    case attachmentTooLarge(path: String, limit: Int)
    /// The writer an embedded file was handed to asked to stop.
    case attachmentStopped(path: String)
}
