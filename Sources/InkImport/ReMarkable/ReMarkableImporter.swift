import Foundation
import InkFileSystem
import InkModel

/// Reads reMarkable documents and lines files into inkpdf's model: a document
/// as the tablet keeps it (`UUID.content`, or the `UUID` folder beside it), a
/// desktop app `.rmdoc` archive, or a single `.rm` page (alone, or over a PDF
/// page given in the options).
///
/// Pages come in the order the tablet shows them; the ink is written page by
/// page into a temporary ink-layers file (one line per layer per page).
public enum ReMarkableImporter {
    /// What a file is, told from its content (never its name).
    public enum Kind: Sendable, Equatable {
        /// A single lines file of that version ("3", "5", "6", or a newer one).
        case linesFile(version: String)
        /// A `.content` file (a document as the tablet keeps it).
        case content
        /// A document folder (`UUID/` beside `UUID.content`).
        case documentFolder
        /// A zip archive with a `*.content` entry (`.rmdoc`).
        case archive
    }

    /// The size of a page of a PDF (`pdfPath`, 1-based `page`) in points as displayed, nil when
    /// it has no such page. InkImport does not read PDFs: the caller supplies this.
    public typealias PDFPageSize = @Sendable (_ pdfPath: String, _ page: Int) -> (width: Double, height: Double)?

    /// What `path` holds, or nil when it is not something this importer reads.
    public static func detect(path: String) -> Kind? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
            guard let bytes = FileManager.default.contents(atPath: trimmed + ".content").map([UInt8].init) else { return nil }
            return ReMarkableContent.looksLikeContent(bytes) ? .documentFolder : nil
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let prefix = [UInt8](handle.readData(ofLength: 64))
        if let version = LinesFileReader.declaredVersion(prefix) { return .linesFile(version: version) }
        if ZipArchive.hasZipMagic(prefix) {
            guard let archive = try? ZipArchive(path: path) else { return nil }
            return archive.entryNames.contains { $0.hasSuffix(".content") && !$0.contains("/") } ? .archive : nil
        }
        guard prefix.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"),
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              // A `.content` is a few kilobytes (a page list); a larger JSON file is something else.
              (attributes[.size] as? NSNumber)?.intValue ?? 0 <= 4 << 20,
              let bytes = FileManager.default.contents(atPath: path).map([UInt8].init),
              ReMarkableContent.looksLikeContent(bytes) else { return nil }
        return .content
    }

    /// Reads `path` without knowing the PDF's page sizes (ink over PDF pages is then laid out
    /// as on the tablet's screen, with a warning).
    public static func read(path: String, options: ImportOptions) throws(ReMarkableImportError) -> ImportedDocument {
        try read(path: path, options: options, pdfPageSize: nil)
    }

    /// Reads `path` (see the type's summary); `pdfPageSize` gives the background PDF's page
    /// sizes, which place the ink on PDF pages as the tablet does.
    public static func read(path: String, options: ImportOptions,
                            pdfPageSize: PDFPageSize?) throws(ReMarkableImportError) -> ImportedDocument {
        var reader = try ReMarkableDocumentReader(path: path, options: options, pdfPageSize: pdfPageSize)
        return try reader.read().document
    }

    /// The document's name and folder (`.metadata`), for naming outputs; a single `.rm` page has none.
    public static func documentInfo(path: String, options: ImportOptions = ImportOptions()) throws(ReMarkableImportError) -> ReMarkableDocumentInfo {
        var reader = try ReMarkableDocumentReader(path: path, options: options, pdfPageSize: nil)
        return try reader.info()
    }

    /// Writes a `.rmdoc`-style zip of the document at `path` (its `.content`, `.metadata`,
    /// `.pdf`, `.pagedata` and the page folder), the full-fidelity copy kept beside an output.
    public static func writeArchive(of path: String, to destination: String) throws(ReMarkableImportError) {
        let entries = try archiveEntries(of: path)
        do {
            var writer = try ZipArchiveWriter(path: destination)
            for entry in entries { try writer.add(entry.name, file: entry.file) }
            try writer.close()
        } catch {
            throw .cannotWrite(path: destination, reason: error.description)
        }
    }

    /// What `writeArchive` puts in the archive of the document at `path`: each entry's
    /// name and the file it is read from.
    ///
    /// Only regular files are packed, judged by `lstat` (a link is never followed): a link in
    /// the document's folder could otherwise pack a file from anywhere (a key, a password file)
    /// beside the output, so it is an error naming it; folders inside the page folder are left out.
    public static func archiveEntries(of path: String) throws(ReMarkableImportError) -> [(name: String, file: String)] {
        let (folder, uuid) = try ReMarkableDocumentReader.documentLocation(path)
        var names: [String] = []
        for name in [uuid + ".content", uuid + ".metadata", uuid + ".pdf", uuid + ".pagedata", uuid + ".epub"]
        where try isPackable(folder + "/" + name, document: path) {
            names.append(name)
        }
        if let pageFolder = try? FileSystem.status(of: folder + "/" + uuid, followingLinks: false) {
            guard pageFolder.st_mode & S_IFMT == S_IFDIR else {
                throw .refusedFile(path: path, file: folder + "/" + uuid,
                                   reason: "the page folder is \(ReferencedFile.kind(of: pageFolder.st_mode) ?? "a file"), not a folder: the .rmdoc sidecar packs only regular files, never a link; put the folder itself in its place, or give --no-sidecar")
            }
            let pages = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + uuid)) ?? []).sorted()
            for page in pages where try isPackable(folder + "/" + uuid + "/" + page, document: path, skippingFolders: true) {
                names.append(uuid + "/" + page)
            }
        }
        return names.map { ($0, folder + "/" + $0) }
    }

    /// Whether `file` is a regular file to pack: false when it is missing (or, with
    /// `skippingFolders`, a folder); an error for a link or anything else that is not a file.
    private static func isPackable(_ file: String, document: String, skippingFolders: Bool = false) throws(ReMarkableImportError) -> Bool {
        guard let status = try? FileSystem.status(of: file, followingLinks: false) else { return false }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return true
        case S_IFDIR where skippingFolders: return false
        default:
            throw .refusedFile(path: document, file: file,
                               reason: "it is \(ReferencedFile.kind(of: status.st_mode) ?? "a file"), not a regular file: the .rmdoc sidecar packs only regular files, never a link; put the file itself in its place, or give --no-sidecar")
        }
    }
}
