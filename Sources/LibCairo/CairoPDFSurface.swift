import CCairo

/// A cairo PDF surface writing a file page by page (`cairo_pdf_surface_*`). Owned as every
/// `CairoSurface` is: one reference, released in `deinit` (which finishes the file if
/// `finish` was not called).
public final class CairoPDFSurface: CairoSurface {
    /// The document information entries cairo writes (`cairo_pdf_metadata_t`).
    public enum Metadata: Sendable {
        case title, author, subject, keywords, creator, createDate, modDate

        var cairo: cairo_pdf_metadata_t {
            switch self {
            case .title: CAIRO_PDF_METADATA_TITLE
            case .author: CAIRO_PDF_METADATA_AUTHOR
            case .subject: CAIRO_PDF_METADATA_SUBJECT
            case .keywords: CAIRO_PDF_METADATA_KEYWORDS
            case .creator: CAIRO_PDF_METADATA_CREATOR
            case .createDate: CAIRO_PDF_METADATA_CREATE_DATE
            case .modDate: CAIRO_PDF_METADATA_MOD_DATE
            }
        }
    }

    /// How an outline entry shows (`cairo_pdf_outline_flags_t`).
    public struct OutlineFlags: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let open = OutlineFlags(rawValue: CAIRO_PDF_OUTLINE_FLAG_OPEN.rawValue)
        public static let bold = OutlineFlags(rawValue: CAIRO_PDF_OUTLINE_FLAG_BOLD.rawValue)
        public static let italic = OutlineFlags(rawValue: CAIRO_PDF_OUTLINE_FLAG_ITALIC.rawValue)
    }

    /// The parent id of a top-level outline entry (`CAIRO_PDF_OUTLINE_ROOT`).
    public static let outlineRoot = Int32(CAIRO_PDF_OUTLINE_ROOT)

    /// A PDF written to `path`, its first page `width` × `height` points; a file cairo
    /// cannot create gives a surface in error (see `status`).
    ///
    /// The corresponding C function is `cairo_pdf_surface_create`.
    public init(path: String, width: Double, height: Double) {
        super.init(adopting: cairo_pdf_surface_create(path, width, height))
    }

    /// Writes PDF 1.5 at most. The corresponding C function is `cairo_pdf_surface_restrict_to_version`.
    public func restrictToVersion1_5() { withUnsafeHandle { cairo_pdf_surface_restrict_to_version($0, CAIRO_PDF_VERSION_1_5) } }

    /// The size of the next page (before anything is drawn on it). The corresponding C function is `cairo_pdf_surface_set_size`.
    public func setSize(width: Double, height: Double) { withUnsafeHandle { cairo_pdf_surface_set_size($0, width, height) } }

    /// Sets one metadata entry; cairo omits values it cannot take (dates not in its form).
    ///
    /// The corresponding C function is `cairo_pdf_surface_set_metadata`.
    public func setMetadata(_ key: Metadata, _ value: String) { withUnsafeHandle { cairo_pdf_surface_set_metadata($0, key.cairo, value) } }

    /// Adds an outline entry under `parent` (`outlineRoot` for the top level); returns its id,
    /// or 0 when cairo refused it. The corresponding C function is `cairo_pdf_surface_add_outline`.
    public func addOutline(parent: Int32, title: String, attributes: String, flags: OutlineFlags) -> Int32 {
        withUnsafeHandle { cairo_pdf_surface_add_outline($0, parent, title, attributes, cairo_pdf_outline_flags_t(rawValue: flags.rawValue)) }
    }

    /// Labels the current page ("iv", "A-3"). The corresponding C function is `cairo_pdf_surface_set_page_label`.
    public func setPageLabel(_ label: String) { withUnsafeHandle { cairo_pdf_surface_set_page_label($0, label) } }
}
