import Foundation
import InkModel

/// Reads any ink file inkpdf knows: tells the format from the content (never
/// from the name) and hands foreign formats to their importer.
public enum InkImporter {
    /// The format of the file (or folder) at `path`, told from its content;
    /// nil when it is none inkpdf reads.
    public static func detectFormat(path: String) -> InkFormat? {
        // Ink-layers first: its header is on line 1, so a few bytes tell, and a large
        // ink-layers file is never read whole to see whether it is a reMarkable `.content`.
        if looksLikeInkLayers(path: path) { return .inkLayers }
        if ReMarkableImporter.detect(path: path) != nil { return .remarkable }
        if XournalImporter.recognizes(path: path) { return .xournal }
        if InkMLImporter.recognizes(path: path) { return .inkML }
        if RNoteImporter.recognizes(path: path) { return .rnote }
        // Last: a PDF given as ink is read for its annotations (a `%PDF-` in the first KB, as readers accept).
        if isPDF(path: path) { return .pdfAnnotations }
        return nil
    }

    /// Whether the file starts (after gzip, if it is gzip) with a JSON object: what an
    /// ink-layers file, valid or damaged, starts with.
    public static func startsWithJSONObject(path: String) -> Bool {
        guard let input = try? InputFile(path: path) else { return false }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = (try? buffer.withUnsafeMutableBytes { try input.read(into: $0.baseAddress!, capacity: $0.count) }) ?? 0
        let first = buffer.prefix(count).first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") || count == 0
    }

    /// Whether the file starts (after gzip, if it is gzip) with an inkpdf-layers header.
    static func looksLikeInkLayers(path: String) -> Bool {
        guard let input = try? InputFile(path: path) else { return false }
        // Line 1 (up to 64 KB of it) is the header; it names the format.
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while line.count < 1 << 16, !line.contains(0x0A) {
            let count = (try? buffer.withUnsafeMutableBytes { try input.read(into: $0.baseAddress!, capacity: $0.count) }) ?? 0
            if count <= 0 { break }
            line += buffer.prefix(count)
        }
        let header = line.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        return String(decoding: header, as: UTF8.self).contains("\"inkpdf-layers\"")
    }

    /// Whether the file is an HTML page (a web page saved in place of the file it linked to).
    public static func isHTML(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = String(decoding: (try? handle.read(upToCount: 512)) ?? Data(), as: UTF8.self).lowercased()
        let start = prefix.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
            || ["<body", "<div", "</div>", "<table", "</table>", "<p>"].contains { prefix.contains($0) }
    }

    /// Whether the file starts with `%PDF`: a PDF given where ink was expected.
    public static func isPDF(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        return prefix.count >= 5 && (0...(prefix.count - 5)).contains { prefix[$0..<($0 + 5)].elementsEqual(Array("%PDF-".utf8)) }
    }

    /// Reads a foreign document (`format` is `.xournal`, `.remarkable`, `.inkML` or `.rnote`; a PDF's annotations are read
    /// where PDFs are opened, `PDFAnnotationReader` in InkPipeline).
    /// `pdfPageSize` gives a background PDF's displayed page sizes, which reMarkable needs
    /// to place ink as the tablet does.
    public static func read(path: String, format: InkFormat, options: ImportOptions,
                            pdfPageSize: ReMarkableImporter.PDFPageSize?) throws(ImportError) -> ImportedDocument {
        switch format {
        case .xournal:
            do { return try XournalImporter.read(path: path, options: options) } catch {
                if case .backgroundPDFNotFound = error { throw .backgroundMissing(error.description) }
                throw .invalid(error.description)
            }
        case .remarkable:
            do { return try ReMarkableImporter.read(path: path, options: options, pdfPageSize: pdfPageSize) } catch {
                if case .pdfPageOutOfRange = error { throw .pdfPageOutOfRange(error.description) }
                throw .invalid(error.description)
            }
        case .inkML:
            do { return try InkMLImporter.read(path: path, options: options, pdfPageSize: pdfPageSize) } catch {
                throw .invalid(error.description)
            }
        case .rnote:
            do { return try RNoteImporter.read(path: path, options: options) } catch {
                throw .invalid(error.description)
            }
        case .inkLayers:
            throw .invalid("\(path): an ink-layers file needs no import")
        case .pdfAnnotations:
            throw .invalid("\(path): a PDF's annotations are read by the pipeline (PDFAnnotationReader), which opens PDFs")
        }
    }
}
