import Foundation
import InkFileSystem
import InkModel

/// Reads rnote notebooks (`.rnote`: gzip of JSON `{version, data}`) into inkpdf's model.
///
/// rnote's canvas is one plane. Its pages are the tiles of `document.format` (pixels at its
/// dpi, points = px × 72 / dpi) aligned at the canvas origin, row by row, those that some
/// stroke reaches (`Engine::pages_bounds_w_content`, as rnote's own PDF export cuts them;
/// the origin page when none does). A PDF that rnote imported is on the canvas as one image
/// per page on its document layer: with `--pdf` the output pages are that PDF's pages, laid
/// where rnote put their images, and the ink over each is placed within its rectangle;
/// without it the images rnote stored are drawn as the pages' paper.
///
/// Strokes are drawn as rnote orders them: by layer (document, image, highlighter, user
/// layers) and then by their chrono counter; trashed strokes (0.5) are left out.
public enum RNoteImporter {
    /// Whether a file that starts with `prefix` (its first bytes, compressed) is an rnote notebook:
    /// gzip whose JSON starts as `{"version": …, "data": {…engine_snapshot or store_snapshot…`.
    public static func recognizes(path: String) -> Bool {
        guard let input = try? InputFile(path: path), input.isGzip else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var filled = 0
        while filled < buffer.count {
            let count = (try? buffer.withUnsafeMutableBytes { raw in
                try input.read(into: raw.baseAddress! + filled, capacity: raw.count - filled)
            }) ?? 0
            if count <= 0 { break }
            filled += count
        }
        return recognizes(json: Array(buffer.prefix(filled)))
    }

    /// Whether the start of a decompressed JSON text is an rnote notebook's.
    static func recognizes(json prefix: [UInt8]) -> Bool {
        guard prefix.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") else { return false }
        let text = String(decoding: prefix, as: UTF8.self)
        return text.contains("\"version\"") && text.contains("\"data\"")
            && (text.contains("\"engine_snapshot\"") || text.contains("\"store_snapshot\""))
    }

    /// One stroke read from the canvas: its slot, its bounds (px) and what it draws.
    struct Entry {
        enum Content {
            case ink(RNoteStrokeSpool.Record, hasFill: Bool)
            case text(RNoteItems.TextItem)
            case image(RNoteItems.ImageItem)
        }
        var slot: Int
        var bounds: RNoteItems.Bounds
        var content: Content
        var chrono = RNoteItems.Chrono(layerRank: 3 << 32, layerName: "user layer 0", t: 0)
    }

    /// A page of the output: its rectangle on the canvas (px).
    struct PageFrame {
        var x: Double, y: Double, width: Double, height: Double
        var bounds: RNoteItems.Bounds { RNoteItems.Bounds(minX: x, minY: y, maxX: x + width, maxY: y + height) }
        /// For a PDF page laid where rnote put its image: which one (1-based).
        var pdfPage: Int?
    }

    /// Reads the notebook at `path`; the ink goes to a new file in `options.temporaryDirectory`
    /// (`layersPath`, in `options.layersForm`) that the caller removes. On error nothing is left behind.
    public static func read(path: String, options: ImportOptions) throws(RNoteImportError) -> ImportedDocument {
        let input: InputFile
        do { input = try InputFile(path: path) } catch {
            throw .cannotOpen(path: path, reason: FileManager.default.fileExists(atPath: path) ? "\(error)" : "no such file")
        }
        guard input.isGzip else { throw .notRNote(path: path, reason: "it is not gzip, as rnote writes its notebooks") }
        let spool: RNoteStrokeSpool
        do { spool = try RNoteStrokeSpool(folder: options.temporaryDirectory) } catch {
            throw .cannotWrite(path: options.temporaryDirectory, reason: error.description)
        }
        // One budget for the document: its decompressed JSON, then the copies of its images on the pages they cover.
        let budget = ExpansionBudget(limit: options.maximumExpandedBytes)
        let json = RNoteJSONReader(input: input, budget: budget)
        var entries: [Entry] = []
        let reader = RNoteSnapshotReader(path: path, json: json, maximumData: options.maximumExpandedBytes) { (slot, item, bounds) throws(RNoteImportError) in
            switch item {
            case .ink(let ink):
                let record: RNoteStrokeSpool.Record
                do throws(Errno) { record = try spool.write(ink) } catch {
                    throw .cannotWrite(path: options.temporaryDirectory, reason: error.description)
                }
                entries.append(Entry(slot: slot, bounds: bounds, content: .ink(record, hasFill: ink.fill != nil)))
            case .text(let text): entries.append(Entry(slot: slot, bounds: bounds, content: .text(text)))
            case .image(let image): entries.append(Entry(slot: slot, bounds: bounds, content: .image(image)))
            }
        }
        do throws(RNoteImportError) {
            try reader.read()
        } catch {
            // The first bytes decide whether it was rnote at all: say so rather than name a JSON byte.
            if case .json = error, json.offset < 64, !reader.sawStrokes, reader.version == nil {
                throw .notRNote(path: path, reason: "its gzip data is not rnote's JSON")
            }
            throw error
        }

        // Trashed strokes are not drawn; the rest in rnote's order: layer, then time, then slot.
        entries.removeAll { reader.trashed.contains($0.slot) }
        for index in entries.indices {
            if let chrono = reader.chrono[entries[index].slot] { entries[index].chrono = chrono }
        }
        entries.sort { a, b in
            (a.chrono.layerRank, a.chrono.t, a.slot) < (b.chrono.layerRank, b.chrono.t, b.slot)
        }
        var layout = try Layout(path: path, document: reader.document, entries: entries, pdf: options.pdf)
        layout.omitted.merge(reader.omitted, uniquingKeysWith: +)
        try layout.spendOnPaperImages(budget)

        let layersPath = (options.temporaryDirectory as NSString)
            .appendingPathComponent("inkpdf-rnote-\(UUID().uuidString)\(options.layersForm.fileSuffix)")
        do {
            let sink = try options.makeSink(path: layersPath)
            var header = InkLayersHeader(extra: JSONObject())
            header.extra["title"] = .string(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
            var rnote = JSONObject()
            rnote["version"] = .string(reader.version ?? "")
            rnote["formatWidth"] = .number(reader.document.format.width)
            rnote["formatHeight"] = .number(reader.document.format.height)
            rnote["dpi"] = .number(reader.document.format.dpi)
            header.extra["rnote"] = .object(rnote)
            let pages = try layout.write(to: sink, header: header, spool: spool)
            try sink.close()
            var warnings = reader.notes.keys.sorted().map { "\(reader.notes[$0]!) × \($0)" }
            warnings += layout.warnings
            var backgroundPDF: BackgroundPDF?
            if let pdf = options.pdf, layout.usesPDF { backgroundPDF = BackgroundPDF(requested: pdf, resolved: pdf) }
            return ImportedDocument(format: .rnote, source: path, pages: pages, backgroundPDF: backgroundPDF,
                                    layersPath: layersPath, layersForm: options.layersForm,
                                    report: ImportReport(omitted: layout.omitted, warnings: warnings))
        } catch let error as RNoteImportError {
            try? FileManager.default.removeItem(atPath: layersPath)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: layersPath)
            throw .cannotWrite(path: layersPath, reason: "\(error)")
        }
    }
}
