import LibQPDF

/// Every page's `/Rotate` read by walking the page tree with qpdf, a page at a
/// time, without qpdf's list of all pages (which parses every page dictionary up
/// front and keeps them: `QPDFPageList`): what qpdf parsed is dropped every 32 pages
/// or more (`ReopeningSchedule`), so memory stays flat in the page count (a page of
/// a manual full of links holds tens of kilobytes of qpdf's objects; reopening a
/// file costs it only its cross-reference table). Pages are numbered as qpdf numbers them
/// (`QPDFDocument.walkPages`: kids counted, no `/Count` believed).
public enum PageRotationScan {
    /// `result[i]` is page i + 1's raw `/Rotate` (0 when it has none), or nil when the
    /// file is encrypted, would need qpdf to repair it, has a tree qpdf would mend
    /// (see `walkPages`), or has other than `pageCount` pages (the caller reads it otherwise).
    public static func rotations(path: String, pageCount: Int) -> [Int]? {
        guard pageCount >= 1, let reader = try? QPDFDocument(asWrittenAt: path) else { return nil }
        var rotations: [Int] = []
        rotations.reserveCapacity(pageCount)
        do {
            try reader.walkPages(reopeningEvery: 32, failure: { $0 }) { (_, page) throws(QPDFError) in
                rotations.append(page.inheritedAsWritten("/Rotate").flatMap(\.integer) ?? 0)
            }
        } catch {
            return nil
        }
        return rotations.count == pageCount ? rotations : nil
    }
}
