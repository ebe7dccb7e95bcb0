import CPoppler
import Foundation

extension PDFPage {
    /// Hides `annotations` in poppler's copy of this page (the file is not touched), so
    /// that drawing it leaves them out: the annotations a flatten draws as ink instead.
    /// Each is found by subtype and its place among the page's annotations of that subtype;
    /// when its `/NM` says otherwise, by that name. Hidden, not removed: poppler's removal
    /// costs more the larger the document (360 pages of 150 annotations did not end in ten minutes).
    ///
    /// The corresponding C functions are `poppler_page_get_annot_mapping`, `poppler_annot_get_annot_type`,
    /// `poppler_annot_get_name`, `poppler_annot_get_flags`, `poppler_annot_set_flags` and
    /// `poppler_page_free_annot_mapping`.
    func hideAnnotations(_ annotations: [ConvertedAnnotation]) {
        guard !annotations.isEmpty else { return }
        withUnsafeHandle { page in
            guard let mapping = poppler_page_get_annot_mapping(page) else { return }
            defer { poppler_page_free_annot_mapping(mapping) }
            var byType: [String: [(annotation: OpaquePointer, name: String?)]] = [:]
            var node: UnsafeMutablePointer<GList>? = mapping
            while let current = node {
                if let data = current.pointee.data,
                   let annotation = data.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee.annot {
                    let handle = annotation
                    if let subtype = Self.subtype(of: poppler_annot_get_annot_type(handle)) {
                        var name: String?
                        if let text = poppler_annot_get_name(handle) {
                            name = String(cString: text)
                            g_free(text)
                        }
                        byType[subtype, default: []].append((handle, name))
                    }
                }
                node = current.pointee.next
            }
            var hidden = Set<OpaquePointer>()
            for wanted in annotations {
                guard let candidates = byType[wanted.subtype] else { continue }
                var chosen: OpaquePointer?
                if wanted.ordinal < candidates.count, wanted.name == nil || candidates[wanted.ordinal].name == wanted.name {
                    chosen = candidates[wanted.ordinal].annotation
                } else if let name = wanted.name {
                    chosen = candidates.first { $0.name == name && !hidden.contains($0.annotation) }?.annotation
                }
                guard let chosen, hidden.insert(chosen).inserted else { continue }
                let flags = poppler_annot_get_flags(chosen).rawValue | POPPLER_ANNOT_FLAG_HIDDEN.rawValue
                poppler_annot_set_flags(chosen, PopplerAnnotFlag(rawValue: flags))
            }
        }
    }

    /// The `/Subtype` (without its slash) of the annotation types the reader turns into strokes.
    private static func subtype(of type: PopplerAnnotType) -> String? {
        switch type {
        case POPPLER_ANNOT_INK: "Ink"
        case POPPLER_ANNOT_HIGHLIGHT: "Highlight"
        case POPPLER_ANNOT_UNDERLINE: "Underline"
        case POPPLER_ANNOT_STRIKE_OUT: "StrikeOut"
        case POPPLER_ANNOT_SQUIGGLY: "Squiggly"
        case POPPLER_ANNOT_LINE: "Line"
        case POPPLER_ANNOT_POLYGON: "Polygon"
        case POPPLER_ANNOT_POLY_LINE: "PolyLine"
        case POPPLER_ANNOT_SQUARE: "Square"
        case POPPLER_ANNOT_CIRCLE: "Circle"
        default: nil
        }
    }
}
