
/// Every page's object number and generation, found by walking the page tree with
/// qpdf (`QPDFDocument.walkPages`, what qpdf parsed dropped every `interval` pages) instead of
/// through qpdf's list of all pages, which parses every page dictionary up front and
/// keeps them while the document is open (`QPDFPageList`: memory that grows with the
/// pages, most on a long manual full of links).
public enum PageReferenceScan {
    /// `result[i]` is page i + 1's object, numbered as qpdf numbers its pages; nil when the
    /// file is encrypted, would need qpdf to repair it, has a tree qpdf would mend (see
    /// `walkPages`), has a page that is not an object of its own, or has no page.
    /// Each drop reads the cross-reference table again: a reader whose memory is set by
    /// another walk of the same file (the export's incremental update, every 256 pages
    /// or more) drops as seldom.
    public static func references(path: String, reopeningEvery interval: Int = 32) -> [(id: Int32, generation: Int32)]? {
        guard let reader = try? QPDFDocument(asWrittenAt: path) else { return nil }
        var references: [(id: Int32, generation: Int32)] = []
        var direct = false
        do {
            try reader.walkPages(reopeningEvery: interval, failure: { $0 }) { (place, _) throws(QPDFError) in
                if place.id == 0 { direct = true }
                references.append((place.id, place.generation))
            }
        } catch {
            return nil
        }
        return direct || references.isEmpty ? nil : references
    }
}
