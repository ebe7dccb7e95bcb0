import CPoppler

/// A page's text as poppler reads it: every character with where it lies and the font it is drawn in.
public struct PageText: Sendable {
    /// A character's box in the page as displayed (inside the CropBox, after `/Rotate`), points, y down.
    public struct Box: Sendable, Equatable {
        public var minX, minY, maxX, maxY: Double
        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
    }

    /// The text in poppler's reading order (lines end in `\n`), one scalar per character as poppler counts them.
    public var scalars: [Unicode.Scalar]
    /// `boxes[i]` is the box of `scalars[i]`; empty when poppler's layout did not give one box a character.
    public var boxes: [Box]
    /// The font of each run of characters: `fonts[k]` covers `scalars[range]`, in order, without overlap.
    public var fonts: [(range: Range<Int>, name: String)]

    public init(scalars: [Unicode.Scalar], boxes: [Box], fonts: [(range: Range<Int>, name: String)]) {
        self.scalars = scalars
        self.boxes = boxes
        self.fonts = fonts
    }
}

extension PDFPage {
    /// The page's text with each character's box and font. poppler lays the text out in the
    /// displayed page (its CropBox, turned by `/Rotate`), the frame of the ink-layers format.
    ///
    /// The corresponding C functions are `poppler_page_get_text`, `poppler_page_get_text_layout`
    /// and `poppler_page_get_text_attributes`.
    public func text() -> PageText { text(scalars: textScalars()) }

    /// The page's text alone, one scalar per character as poppler counts them (`PageText.scalars`).
    ///
    /// The corresponding C function is `poppler_page_get_text`.
    public func textScalars() -> [Unicode.Scalar] {
        withUnsafeHandle { handle in
            guard let raw = poppler_page_get_text(handle) else { return [] }
            defer { g_free(raw) }
            return Array(String(cString: raw).unicodeScalars)
        }
    }

    /// The boxes and fonts of `scalars`, the page's `textScalars()` (poppler keeps the page's text
    /// once read, so this lays it out without reading the page again).
    ///
    /// The corresponding C functions are `poppler_page_get_text_layout` and `poppler_page_get_text_attributes`.
    public func text(scalars: [Unicode.Scalar]) -> PageText {
        withUnsafeHandle { handle in
            var boxes: [PageText.Box] = []
            var rectangles: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            if poppler_page_get_text_layout(handle, &rectangles, &count) != 0, let rectangles {
                // One rectangle a character; a layout that disagrees with the text is not used.
                if Int(count) == scalars.count {
                    boxes.reserveCapacity(scalars.count)
                    for index in 0..<Int(count) {
                        let r = rectangles[index]
                        boxes.append(PageText.Box(minX: min(r.x1, r.x2), minY: min(r.y1, r.y2), maxX: max(r.x1, r.x2), maxY: max(r.y1, r.y2)))
                    }
                }
            }
            g_free(rectangles)
            var fonts: [(range: Range<Int>, name: String)] = []
            let list = poppler_page_get_text_attributes(handle)
            var node = list
            while let current = node {
                if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self) {
                    let start = max(0, Int(attributes.pointee.start_index))
                    let end = min(scalars.count, Int(attributes.pointee.end_index) + 1)
                    if start < end {
                        let name = attributes.pointee.font_name.map { String(cString: $0) } ?? ""
                        fonts.append((start..<end, name))
                    }
                }
                node = current.pointee.next
            }
            poppler_page_free_text_attributes(list)
            return PageText(scalars: scalars, boxes: boxes, fonts: fonts)
        }
    }
}

extension PDFDocument {
    /// Whether the document has embedded files (cheap: the name tree is not decoded).
    ///
    /// The corresponding C function is `poppler_document_has_attachments`.
    public var hasAttachments: Bool { withUnsafeHandle { poppler_document_has_attachments($0) != 0 } }
}

extension PDFPage {
    /// The words written on the page's `/Ink` annotations (their `/Contents`: the words of their
    /// strokes) and where each annotation lies, in the page as displayed (points, y down).
    ///
    /// The corresponding C functions are `poppler_page_get_annot_mapping`, `poppler_annot_get_annot_type`,
    /// `poppler_annot_get_contents` and `poppler_page_free_annot_mapping`.
    public func inkAnnotationContents() -> [(text: String, box: PageText.Box)] {
        let height = displayedSize.height
        return withUnsafeHandle { page in
            guard let mapping = poppler_page_get_annot_mapping(page) else { return [] }
            defer { poppler_page_free_annot_mapping(mapping) }
            var found: [(text: String, box: PageText.Box)] = []
            var node: UnsafeMutablePointer<GList>? = mapping
            while let current = node {
                node = current.pointee.next
                guard let data = current.pointee.data?.assumingMemoryBound(to: PopplerAnnotMapping.self),
                      let annotation = data.pointee.annot, poppler_annot_get_annot_type(annotation) == POPPLER_ANNOT_INK,
                      let contents = poppler_annot_get_contents(annotation) else { continue }
                let text = String(cString: contents)
                g_free(contents)
                // poppler gives the area in the displayed page with its origin at the bottom left.
                let area = data.pointee.area
                found.append((text, PageText.Box(minX: min(area.x1, area.x2), minY: height - max(area.y1, area.y2),
                                                 maxX: max(area.x1, area.x2), maxY: height - min(area.y1, area.y2))))
            }
            return found
        }
    }
}
