import CPoppler

/// Links, outline and page labels as poppler reads them, converted to the
/// displayed, top-down coordinates that cairo's tags take.
extension PDFDocument {
    /// The page's link areas and where they lead. Links whose action cannot be
    /// carried into a flattened file (other documents, scripts, launches) are left out.
    ///
    /// The corresponding C function is `poppler_page_get_link_mapping`.
    public func links(on page: borrowing PDFPage) -> [PageLink] {
        let size = page.displayedSize
        guard let list = page.withUnsafeHandle({ poppler_page_get_link_mapping($0) }) else { return [] }
        defer { poppler_page_free_link_mapping(list) }
        var links: [PageLink] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let mapping = current.pointee.data?.assumingMemoryBound(to: PopplerLinkMapping.self),
               let target = target(of: mapping.pointee.action) {
                // poppler gives the area from the displayed page's bottom-left, y up.
                let a = mapping.pointee.area
                links.append(PageLink(x: a.x1, y: size.height - a.y2, width: a.x2 - a.x1, height: a.y2 - a.y1, target: target))
            }
            node = current.pointee.next
        }
        // poppler lists links in reverse /Annots order.
        return links.reversed()
    }

    /// The bookmarks tree, or an empty array when the document has none.
    ///
    /// The corresponding C functions are `poppler_index_iter_new`, `poppler_index_iter_get_action`,
    /// `poppler_index_iter_is_open`, `poppler_index_iter_get_child` and `poppler_index_iter_next`.
    public func outline() -> [OutlineItem] {
        guard let iterator = withUnsafeHandle({ poppler_index_iter_new($0) }) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        return outlineLevel(iterator, depth: 0)
    }

    private func outlineLevel(_ iterator: OpaquePointer, depth: Int) -> [OutlineItem] {
        var items: [OutlineItem] = []
        var visited = 0
        repeat {
            visited += 1
            guard let action = poppler_index_iter_get_action(iterator) else { continue }
            defer { poppler_action_free(action) }
            let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
            var children: [OutlineItem] = []
            // A cyclic outline is cut off rather than followed for ever.
            if depth < 64, let child = poppler_index_iter_get_child(iterator) {
                children = outlineLevel(child, depth: depth + 1)
                poppler_index_iter_free(child)
            }
            items.append(OutlineItem(title: title, target: target(of: action), isOpen: poppler_index_iter_is_open(iterator) != 0,
                                     children: children))
        } while visited < 100_000 && poppler_index_iter_next(iterator) != 0
        return items
    }

    /// The page's label ("iv", "A-3"), or its number when the document has none.
    ///
    /// The corresponding C function is `poppler_page_get_label`.
    public func label(of page: borrowing PDFPage) -> String? {
        guard let label = page.withUnsafeHandle({ poppler_page_get_label($0) }) else { return nil }
        defer { g_free(label) }
        return String(cString: label)
    }

    private func target(of action: UnsafeMutablePointer<PopplerAction>?) -> LinkTarget? {
        guard let action else { return nil }
        switch action.pointee.type {
        case POPPLER_ACTION_URI:
            return action.pointee.uri.uri.map { .uri(String(cString: $0)) }
        case POPPLER_ACTION_GOTO_DEST:
            return target(of: action.pointee.goto_dest.dest)
        default:
            return nil
        }
    }

    private func target(of dest: UnsafeMutablePointer<PopplerDest>?) -> LinkTarget? {
        guard let dest else { return nil }
        if dest.pointee.type == POPPLER_DEST_NAMED {
            guard let name = dest.pointee.named_dest, let resolved = namedDestination(name) else { return nil }
            defer { poppler_dest_free(resolved) }
            return target(of: resolved)
        }
        let number = Int(dest.pointee.page_num)
        guard number >= 1, number <= pageCount else { return nil }
        let hasLeft = dest.pointee.change_left != 0, hasTop = dest.pointee.change_top != 0
        let positioned = [POPPLER_DEST_XYZ, POPPLER_DEST_FITH, POPPLER_DEST_FITBH, POPPLER_DEST_FITV, POPPLER_DEST_FITBV,
                          POPPLER_DEST_FITR].contains(dest.pointee.type)
        guard positioned, hasLeft || hasTop else { return .page(number, x: nil, y: nil) }
        let (x, y) = displayedPoint(page: number, left: dest.pointee.left, top: dest.pointee.top)
        return .page(number, x: hasLeft ? x : nil, y: hasTop ? y : nil)
    }

    /// A destination's (left, top), which poppler gives relative to the
    /// CropBox's lower-left corner in the unrotated page, y up, turned into
    /// the displayed page's top-down coordinates.
    private func displayedPoint(page number: Int, left l: Double, top t: Double) -> (Double, Double) {
        let (w, h) = displayedSize(ofPage: number)
        switch rotation(ofPage: number) {
        case 90: return (t, l)
        case 180: return (w - l, t)
        case 270: return (w - t, h - l)
        default: return (l, h - t)
        }
    }
}
