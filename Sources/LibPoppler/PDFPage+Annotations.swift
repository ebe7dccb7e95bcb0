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
    ///
    /// Text markup whose quadrilaterals lie outside what `isCoordinate` allows (a squiggle 3.4e308 points long,
    /// which poppler drew for a minute and gigabytes) is hidden too, converted or not: no
    /// viewer can draw it on the page. The corresponding C function is `poppler_annot_text_markup_get_quadrilaterals`.
    /// `isCoordinate`: whether a number is a coordinate the caller's model carries (`InkRange.isCoordinate`).
    public func hideAnnotations(_ annotations: [AnnotationReference], isCoordinate: (Double) -> Bool) {
        withUnsafeHandle { page in
            guard let mapping = poppler_page_get_annot_mapping(page) else { return }
            defer { poppler_page_free_annot_mapping(mapping) }
            var byType: [String: [(annotation: OpaquePointer, name: String?)]] = [:]
            var node: UnsafeMutablePointer<GList>? = mapping
            while let current = node {
                if let data = current.pointee.data,
                   let annotation = data.assumingMemoryBound(to: PopplerAnnotMapping.self).pointee.annot {
                    let handle = annotation
                    let type = poppler_annot_get_annot_type(handle)
                    if Self.isMarkup(type), !Self.quadrilaterals(of: handle, allSatisfy: isCoordinate) {
                        let flags = poppler_annot_get_flags(handle).rawValue | POPPLER_ANNOT_FLAG_HIDDEN.rawValue
                        poppler_annot_set_flags(handle, PopplerAnnotFlag(rawValue: flags))
                    }
                    if let subtype = Self.subtype(of: type) {
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

    private static func isMarkup(_ type: PopplerAnnotType) -> Bool {
        type == POPPLER_ANNOT_HIGHLIGHT || type == POPPLER_ANNOT_UNDERLINE || type == POPPLER_ANNOT_STRIKE_OUT || type == POPPLER_ANNOT_SQUIGGLY
    }

    /// Whether every corner of a text markup annotation's quadrilaterals is a coordinate `isCoordinate` allows.
    private static func quadrilaterals(of annotation: OpaquePointer, allSatisfy isCoordinate: (Double) -> Bool) -> Bool {
        guard let quads = poppler_annot_text_markup_get_quadrilaterals(annotation) else { return true }
        defer { g_array_unref(quads) }
        let count = Int(quads.pointee.len)
        guard count > 0, let base = quads.pointee.data else { return true }
        let items = UnsafeRawPointer(base).assumingMemoryBound(to: PopplerQuadrilateral.self)
        for index in 0..<count {
            let q = items[index]
            for p in [q.p1, q.p2, q.p3, q.p4] where !(isCoordinate(p.x) && isCoordinate(p.y)) { return false }
        }
        return true
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

/// One of a page's annotations, as `hideAnnotations` finds it: by `/Subtype` (without its slash) and its
/// place among the page's annotations of that subtype, or, when its `/NM` says otherwise, by that name.
public struct AnnotationReference: Hashable, Sendable {
    public var subtype: String
    public var ordinal: Int
    public var name: String?

    public init(subtype: String, ordinal: Int, name: String?) {
        self.subtype = subtype
        self.ordinal = ordinal
        self.name = name
    }
}
