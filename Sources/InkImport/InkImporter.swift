import Foundation
import InkModel

/// Reads any ink file inkpdf knows: tells the format from the content (never
/// from the name) and hands foreign formats to their importer.
public enum InkImporter {
    /// The format of the file (or folder) at `path`, told from its content;
    /// nil when it is none inkpdf reads.
    public static func detectFormat(path: String) -> InkFormat? {
        if ReMarkableImporter.detect(path: path) != nil { return .remarkable }
        if XournalImporter.recognizes(path: path) { return .xournal }
        if looksLikeInkLayers(path: path) { return .inkLayers }
        return nil
    }

    /// Whether the file starts (after gzip, if it is gzip) with an inkpdf-layers header.
    static func looksLikeInkLayers(path: String) -> Bool {
        guard let input = try? InputFile(path: path) else { return false }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = (try? buffer.withUnsafeMutableBytes { try input.read(into: $0.baseAddress!, capacity: $0.count) }) ?? 0
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return text.contains("\"inkpdf-layers\"")
    }

    /// Whether the file starts with `%PDF`: a PDF given where ink was expected.
    public static func isPDF(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = [UInt8]((try? handle.read(upToCount: 1024)) ?? Data())
        return prefix.count >= 5 && (0...(prefix.count - 5)).contains { prefix[$0..<($0 + 5)].elementsEqual(Array("%PDF-".utf8)) }
    }

    /// Reads a foreign document (`format` is `.xournal` or `.remarkable`).
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
                throw .invalid(error.description)
            }
        case .inkLayers:
            throw .invalid("\(path): an ink-layers file needs no import")
        }
    }
}

/// Why a foreign document could not be read: its importer's one-line message.
public enum ImportError: Error, Equatable, CustomStringConvertible {
    /// The file is damaged, hostile or not what it claims to be.
    case invalid(String)
    /// The background PDF the document names is not there.
    case backgroundMissing(String)

    public var description: String {
        switch self {
        case .invalid(let message), .backgroundMissing(let message): message
        }
    }
}
