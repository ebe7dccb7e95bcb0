import Foundation
import InkImport

/// Writes documents the way a reMarkable tablet keeps them in `xochitl/`:
/// `UUID.metadata` (name, parent folder, type), `UUID.content` (kind, pages
/// in order with the PDF page each shows), `UUID/PAGE.rm` and `UUID.pdf`,
/// and folders as `CollectionType` entries. For tests and the benchmark.
public struct TabletFolderWriter: Sendable {
    /// One page of a document: its lines file (nil: a page without ink) and
    /// the 0-based PDF page it shows (nil: an inserted blank page).
    public struct Page: Sendable {
        public var lines: [UInt8]?
        public var pdfPage: Int?
        /// A lines file elsewhere that the page's `.rm` is (instead of `lines`): a hard link to it,
        /// or a copy on another file system (never a symbolic link, which a `.rmdoc` sidecar refuses).
        public var linkedLines: String?

        public init(lines: [UInt8]?, pdfPage: Int? = nil) {
            self.lines = lines
            self.pdfPage = pdfPage
        }

        public init(linkingTo file: String, pdfPage: Int? = nil) {
            self.pdfPage = pdfPage
            linkedLines = file
        }
    }

    public let folder: String

    /// Creates `folder` (and its parents) when missing.
    public init(folder: String) {
        self.folder = folder
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// A deterministic UUID-shaped identifier from a number.
    public static func id(_ number: Int) -> String {
        String(format: "%08x-0000-4000-8000-%012x", number, number)
    }

    /// A folder on the tablet.
    public func collection(id: String, name: String, parent: String = "", deleted: Bool = false) {
        write(metadata(name: name, parent: parent, type: "CollectionType", deleted: deleted), to: id + ".metadata")
        write("{\n    \"tags\": [\n    ]\n}\n", to: id + ".content")
    }

    /// The ID of a document's page `index` (0-based): its lines file is `UUID/ID.rm`.
    public static func pageID(_ index: Int) -> String { id(1_000_000 + index) }

    /// A document: a notebook when `pdf` is nil, else an annotated PDF (copied to `UUID.pdf`,
    /// or hard-linked there when `linkingPDF` and the file system allows). Pages are stored newest-format style (`cPages`
    /// with `redir`), one `.rm` per inked page.
    public func document(id: String, name: String, parent: String = "", pdf: String? = nil, linkingPDF: Bool = false,
                         pages: [Page], orientation: String = "portrait", deleted: Bool = false) throws {
        let fileType = pdf == nil ? "notebook" : "pdf"
        write(metadata(name: name, parent: parent, type: "DocumentType", deleted: deleted), to: id + ".metadata")
        var entries: [String] = []
        let pageFolder = folder + "/" + id
        try FileManager.default.createDirectory(atPath: pageFolder, withIntermediateDirectories: true)
        for (index, page) in pages.enumerated() {
            let pageID = Self.pageID(index)
            var entry = "{\"id\": \"\(pageID)\", \"idx\": {\"timestamp\": \"1:2\", \"value\": \"\(String(format: "a%06d", index))\"}"
            if let redirect = page.pdfPage { entry += ", \"redir\": {\"timestamp\": \"1:2\", \"value\": \(redirect)}" }
            entries.append(entry + "}")
            if let linked = page.linkedLines {
                try Self.link(pageFolder + "/" + pageID + ".rm", to: linked)
            } else if let lines = page.lines {
                guard FileManager.default.createFile(atPath: pageFolder + "/" + pageID + ".rm", contents: Data(lines)) else {
                    throw CocoaError(.fileWriteUnknown)
                }
            }
        }
        let content = """
            {
                "cPages": {"pages": [\(entries.joined(separator: ",\n        "))]},
                "fileType": "\(fileType)",
                "formatVersion": 2,
                "orientation": "\(orientation)",
                "pageCount": \(pages.count)
            }

            """
        write(content, to: id + ".content")
        if let pdf {
            let destination = folder + "/" + id + ".pdf"
            try? FileManager.default.removeItem(atPath: destination)
            if linkingPDF {
                try Self.link(destination, to: pdf)
            } else {
                try FileManager.default.copyItem(atPath: pdf, toPath: destination)
            }
        }
    }

    /// `path` made the same file as `target` without a symbolic link: a hard link, or a copy
    /// where one cannot be made (another file system).
    private static func link(_ path: String, to target: String) throws {
        do { try FileManager.default.linkItem(atPath: target, toPath: path) } catch {
            try FileManager.default.copyItem(atPath: target, toPath: path)
        }
    }

    /// The document `id` as a desktop app `.rmdoc` archive at `destination`.
    public func archive(id: String, to destination: String) throws {
        try ReMarkableImporter.writeArchive(of: folder + "/" + id + ".content", to: destination)
    }

    private func metadata(name: String, parent: String, type: String, deleted: Bool) -> String {
        let quoted = String(decoding: try! JSONSerialization.data(withJSONObject: [name], options: [.withoutEscapingSlashes]), as: UTF8.self)
            .dropFirst().dropLast()
        return """
            {
                "deleted": \(deleted),
                "lastModified": "1700000000000",
                "parent": "\(parent)",
                "pinned": false,
                "type": "\(type)",
                "version": 1,
                "visibleName": \(quoted)
            }

            """
    }

    private func write(_ text: String, to name: String) {
        _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
    }
}
