import InkFileSystem
import Foundation
import InkModel

/// Reads Xournal++ (`.xopp`, gzip or zip) and Xournal (`.xoj`) documents into
/// inkpdf's model: the pages with their backgrounds and decorations, and the
/// ink streamed page by page into a temporary ink-layers file.
///
/// ```swift
/// let document = try XournalImporter.read(path: "notes.xopp", options: ImportOptions())
/// defer { try? FileManager.default.removeItem(atPath: document.layersPath) }
/// ```
public enum XournalImporter {
    /// Whether a file that starts with `prefix` is a Xournal document, by content:
    /// gzip whose XML root is `<xournal>` (or MrWriter's), plain XML with that root,
    /// or a zip whose stored `mimetype` entry says `application/xournal++`
    /// (a zip whose mimetype entry lies past the prefix needs `recognizes(path:)`).
    public static func recognizes(prefix: [UInt8]) -> Bool {
        if XournalContainer.hasGzipMagic(prefix) {
            return XournalContainer.root(ofXML: XournalContainer.inflatePrefix(prefix)) == .xournal
        }
        if ZipArchive.hasZipMagic(prefix) {
            return XournalContainer.storedMimetype(inZipPrefix: prefix).map(XournalContainer.packageMimetypes.contains) ?? false
        }
        return XournalContainer.root(ofXML: prefix) == .xournal
    }

    /// Whether the file at `path` is a Xournal document (a zip is opened to read its `mimetype`).
    public static func recognizes(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let prefix = [UInt8]((try? handle.read(upToCount: 1 << 16)) ?? Data())
        if ZipArchive.hasZipMagic(prefix) {
            guard let archive = try? ZipArchive(path: path), archive.contains("content.xml"),
                  let mimetype = try? archive.read("mimetype", limit: 256) else { return false }
            return XournalContainer.packageMimetypes.contains(String(decoding: mimetype, as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return recognizes(prefix: prefix)
    }

    /// Reads the document at `path`.
    ///
    /// The ink goes to a new file in `options.temporaryDirectory` (in `options.layersForm`)
    /// (`layersPath`); a background PDF inside a zip package is extracted there too
    /// (`BackgroundPDF.isTemporary`). The caller removes both. On error nothing is left behind.
    public static func read(path: String, options: ImportOptions) throws(XournalImportError) -> ImportedDocument {
        let (source, container, packageVersion, package) = try open(path: path, options: options)
        try checkProlog(source, path: path)

        let layersPath: String
        do { layersPath = try XournalBackgrounds.makeTemporaryFile(in: options.temporaryDirectory, suffix: options.layersForm.fileSuffix) } catch {
            throw .cannotWrite(path: options.temporaryDirectory, reason: error.description)
        }
        let backgrounds = XournalBackgrounds(documentPath: path, container: container, options: options, package: package)
        func cleanUp() {
            try? FileManager.default.removeItem(atPath: layersPath)
            if let pdf = backgrounds.pdf, pdf.isTemporary, let resolved = pdf.resolved {
                try? FileManager.default.removeItem(atPath: resolved)
            }
        }
        do {
            // The layers are written on a thread of their own while the XML is read.
            let sink: BackgroundLayerSink
            do {
                sink = BackgroundLayerSink(try options.makeSink(path: layersPath))
            } catch {
                throw XournalImportError.cannotWrite(path: layersPath, reason: "\(error)")
            }
            let document = XournalDocumentReader(path: path, container: container, writer: sink,
                                                 backgrounds: backgrounds, packageVersion: packageVersion, package: package)
            try sink.reading({ () throws(XournalImportError) in
                let reader: XMLPullReader
                do throws(XMLInputError) { reader = try XMLPullReader(source: source, path: path) } catch { throw XournalImportError(error) }
                try document.read(reader)
            }, writeFailure: { .cannotWrite(path: layersPath, reason: "\($0)") })
            do {
                try sink.close()
            } catch {
                throw XournalImportError.cannotWrite(path: layersPath, reason: "\(error)")
            }
            document.addWarnings(backgrounds.warnings)
            return ImportedDocument(format: .xournal, source: path, pages: document.pages, backgroundPDF: backgrounds.pdf,
                                    layersPath: layersPath, layersForm: options.layersForm, report: document.report)
        } catch let error as XournalImportError {
            cleanUp()
            throw error
        } catch {
            cleanUp()
            throw .cannotWrite(path: layersPath, reason: "\(error)")
        }
    }

    /// The decompressed XML of the file, by its content, and for a zip package the package
    /// (its attachments, and the one budget that content.xml and they share).
    private static func open(path: String, options: ImportOptions) throws(XournalImportError)
        -> (XMLByteSource, XournalContainer, String?, XournalPackage?) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        let magic = [UInt8]((try? handle.read(upToCount: 4)) ?? Data())
        try? handle.close()
        if ZipArchive.hasZipMagic(magic) {
            return try openPackage(path: path, options: options)
        }
        let input: InputFile
        do {
            input = try InputFile(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
        return (XMLByteSource(file: input, path: path, budget: ExpansionBudget(limit: options.maximumExpandedBytes)),
                input.isGzip ? .gzip : .plain, nil, nil)
    }

    /// A zip `.xopp`: `mimetype`, `META-INF/version` (`current=N` and `min=M`), `content.xml`.
    private static func openPackage(path: String, options: ImportOptions) throws(XournalImportError)
        -> (XMLByteSource, XournalContainer, String?, XournalPackage?) {
        let version: String
        let package: XournalPackage
        do {
            package = try XournalPackage(path: path, budget: ExpansionBudget(limit: options.maximumExpandedBytes))
            guard package.contains("mimetype") else { throw XournalImportError.badPackage(path: path, reason: "no mimetype entry") }
            let mimetype = String(decoding: try package.read("mimetype", cap: 4096), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard XournalContainer.packageMimetypes.contains(mimetype) else {
                throw XournalImportError.badPackage(path: path, reason: "mimetype is '\(mimetype.prefix(60))', not application/xournal++")
            }
            guard package.contains("META-INF/version") else {
                throw XournalImportError.badPackage(path: path, reason: "no META-INF/version entry")
            }
            version = String(decoding: try package.read("META-INF/version", cap: 4096), as: UTF8.self)
            guard version.contains("current=") else {
                throw XournalImportError.badPackage(path: path, reason: "META-INF/version says '\(version.prefix(60))', not current=N")
            }
            guard package.contains("content.xml") else {
                throw XournalImportError.badPackage(path: path, reason: "no content.xml entry")
            }
        } catch {
            throw XournalImportError.fromZip(error, path: path)
        }
        do {
            let stream = try ZipEntryStream(path: path, entry: "content.xml")
            let normalized = version.split(whereSeparator: \.isNewline).joined(separator: " ")
            return (XMLByteSource(zip: stream, path: path, budget: package.budget), .zip, normalized, package)
        } catch {
            throw .brokenZip(path: path, reason: error.description)
        }
    }

    /// Refuses what is not a Xournal document before the parser starts: a document type
    /// declaration (no entities, ever), an HTML page, another root. The parser's events decide
    /// (`XMLPrologCheck`, in the encoding the prolog declares); the raw bytes only name what a
    /// document the parser cannot read looks like.
    private static func checkProlog(_ source: XMLByteSource, path: String) throws(XournalImportError) {
        let looks: XournalContainer.Root
        let outcome: XMLPrologCheck.Outcome
        do {
            looks = XournalContainer.root(ofXML: try source.prefix(1 << 16))
            outcome = try XMLPrologCheck.check(source)
        } catch {
            throw XournalImportError(error)
        }
        switch outcome {
        case .root(let name, _) where name == "xournal" || name == "MrWriter":
            return
        case .documentType(_, let line, let column):
            if looks == .html { throw .htmlPage(path: path) }
            throw .documentTypeDeclaration(path: path, place: .init(line: line, column: column))
        case .prologTooLong:
            throw .notXournal(path: path, reason: "more than \(XMLPrologCheck.maximumPrologBytes) bytes come before its root element")
        case .root(let name, _):
            if looks == .html { throw .htmlPage(path: path) }
            throw .notXournal(path: path, reason: "its root element is <\(name.prefix(40))>, not <xournal>")
        case .unreadable:
            switch looks {
            case .html: throw .htmlPage(path: path)
            case .other(let reason): throw .notXournal(path: path, reason: reason)
            case .documentType: throw .documentTypeDeclaration(path: path, place: .init(line: 1, column: 1))
            case .xournal: return  // the pull reader reports where the XML breaks
            }
        }
    }

}
