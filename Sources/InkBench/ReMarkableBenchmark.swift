import Foundation
import InkFixtures
import InkImport
import InkModel

/// The reMarkable benchmark's document: a tablet document of N pages over a real
/// manual (page i shows the manual's page i), each page's ink one of the corpus's
/// version 6 lines files in turn, linked in place (never copied); and the same
/// strokes as an ink-layers file for the manual, the peer run.
///
/// Lines files with typed text are left out: text is drawn as decorations, which
/// ink-layers does not carry, and the two runs must draw the same.
public enum ReMarkableBenchmark {
    public struct Written {
        /// `DIR/xochitl/UUID.content`.
        public var content: String
        /// `DIR.ink.jsonl`: the importer's layers, one page per manual page.
        public var layers: String
        /// The corpus lines files used, in page order of their first use.
        public var strokeFiles: [String]
    }

    public struct GenerationError: Error, CustomStringConvertible {
        public var description: String
    }

    public static let documentID = TabletFolderWriter.id(200)

    /// Writes the document of `pages` pages under `directory`, strokes from the version 6
    /// `.rm` files found under `strokesFolder`, over `manual` (which needs `pages` pages).
    public static func write(pages: Int, strokesFolder: String, manual: String, directory: String) throws -> Written {
        let manualPath = URL(fileURLWithPath: manual).standardizedFileURL.path
        let reader = try PopplerReader(path: manualPath)
        guard reader.pageCount >= pages else {
            throw GenerationError(description: "\(manual) has \(reader.pageCount) pages; \(pages) are needed")
        }
        let strokes = try strokeFiles(under: strokesFolder)
        guard !strokes.isEmpty else { throw GenerationError(description: "no version 6 .rm file with strokes under \(strokesFolder)") }

        let folder = (directory as NSString).appendingPathComponent("xochitl")
        try? FileManager.default.removeItem(atPath: folder)
        let tablet = TabletFolderWriter(folder: folder)
        let plan = (0..<pages).map { TabletFolderWriter.Page(linkingTo: strokes[$0 % strokes.count], pdfPage: $0) }
        try tablet.document(id: documentID, name: "Benchmark manual", pdf: manualPath, linkingPDF: true, pages: plan)
        let content = folder + "/" + documentID + ".content"

        // The peer's ink: what the importer reads, laid out on the manual's pages.
        let sizes: ReMarkableImporter.PDFPageSize = { _, number in
            guard let reader = try? PopplerReader(path: manualPath), number <= reader.pageCount else { return nil }
            return reader.size(ofPage: number)
        }
        let imported = try ReMarkableImporter.read(path: content, options: ImportOptions(), pdfPageSize: sizes)
        defer { try? FileManager.default.removeItem(atPath: imported.layersPath) }
        let layers = directory + ".ink.jsonl"
        try? FileManager.default.removeItem(atPath: layers)
        try FileManager.default.copyItem(atPath: imported.layersPath, toPath: layers)
        return Written(content: content, layers: layers, strokeFiles: Array(strokes.prefix(pages)))
    }

    /// Version 6 lines files under `folder` (sorted, absolute) that have strokes and no typed text.
    static func strokeFiles(under folder: String) throws -> [String] {
        let root = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard let names = FileManager.default.subpaths(atPath: root) else {
            throw GenerationError(description: "cannot read \(folder)")
        }
        var out: [String] = []
        for name in names.sorted() where name.hasSuffix(".rm") {
            let path = root + "/" + name
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            let head = String(decoding: handle.readData(ofLength: 43), as: UTF8.self)
            try? handle.close()
            guard head.hasPrefix("reMarkable .lines file, version=6"),
                  let page = try? ReMarkableImporter.read(path: path, options: ImportOptions()) else { continue }
            defer { try? FileManager.default.removeItem(atPath: page.layersPath) }
            guard page.pages.allSatisfy({ $0.decorations.isEmpty }),
                  let layers = try? InkLayersReader(path: page.layersPath) else { continue }
            var strokeCount = 0
            while let layer = try? layers.nextLayer() { strokeCount += layer.strokes.count }
            if strokeCount > 0 { out.append(path) }
        }
        return out
    }
}
