import InkFileSystem
import LibCrypto
import Foundation
import LibPoppler
import InkImport
import InkModel
import LibQPDF

/// The full-fidelity ink layers (gzip) carried inside an exported PDF as an
/// embedded file, so that the shared PDF can be edited again.
public enum EmbeddedInk {
    /// The key in the catalog's `/Names /EmbeddedFiles` tree.
    public static let attachmentKey = "inkpdf.ink.jsonl.gz"

    /// Attaches `bytes` (a gzip ink-layers file) under `attachmentKey`, shown
    /// as `fileName`, dated `date` (a PDF date; nil: no dates, never "now",
    /// so that the same inputs give the same bytes). Replaces an earlier one.
    /// Leaves `/PageMode` alone: viewers need not open the attachment pane.
    /// The bytes are held by qpdf until it writes: for an encrypted document, whose
    /// streams qpdf must encrypt; otherwise `attachPlaceholder` and `streamDictionary`.
    static func attach(_ bytes: [UInt8], fileName: String, date: String?, to document: QPDFDocument) throws(ExportError) {
        let checksum: [UInt8]
        do {
            checksum = try MessageDigest.md5.digest(bytes)
        } catch {
            throw .drawing(.renderFailed(path: document.path, page: nil, reason: "the embedded ink's checksum: \(error)"))
        }
        attach(document.newStream(bytes, dictionary: streamDictionary(size: bytes.count, checksum: checksum, date: date)),
               fileName: fileName, to: document)
    }

    /// Attaches an empty embedded file under `attachmentKey`, shown as `fileName`: qpdf
    /// writes the document with it, and the incremental update after it replaces the
    /// stream (found again by `attachedStream`) with the layers copied from their file.
    static func attachPlaceholder(fileName: String, to document: QPDFDocument) {
        attach(document.newStream([], dictionary: "<</Type/EmbeddedFile>>"), fileName: fileName, to: document)
    }

    /// The embedded file's stream dictionary (PDF text, without `/Length`): its type,
    /// subtype, size, MD5 and, when `date` is given, its dates.
    static func streamDictionary(size: Int, checksum: [UInt8], date: String?) -> String {
        let dates = date.map { "/CreationDate(\($0))/ModDate(\($0))" } ?? ""
        return "<</Type/EmbeddedFile/Subtype/application#2Fgzip/Params<</Size \(size)/CheckSum<\(DigestContext.hex(checksum))>\(dates)>>>>"
    }

    private static func attach(_ file: QPDFObject, fileName: String, to document: QPDFDocument) {
        let references = document.newDictionary()
        references.set("/F", file)
        references.set("/UF", file)
        let specification = document.newDictionary()
        specification.set("/Type", document.newName("/Filespec"))
        specification.set("/F", document.newText(fileName))
        specification.set("/UF", document.newText(fileName))
        specification.set("/Desc", document.newText("inkpdf ink layers: the handwriting on this PDF, for editing it again (inkpdf extract)"))
        specification.set("/AFRelationship", document.newName("/Supplement"))
        specification.set("/EF", references)
        let indirect = document.makeIndirect(specification)

        let root = document.root
        let names: QPDFObject
        if let existing = root["/Names"], existing.isDictionary {
            names = existing
        } else {
            names = document.newDictionary()
            root.set("/Names", names)
        }
        let tree: QPDFObject
        if let existing = names["/EmbeddedFiles"], existing.isDictionary {
            tree = existing
        } else {
            tree = document.newDictionary()
            names.set("/EmbeddedFiles", tree)
        }
        NameTree.insert(key: Array(attachmentKey.utf8), value: indirect, into: tree)
    }

    /// The stream of the attached ink layers: the entry under `attachmentKey`, or
    /// else the one attachment whose file name ends in `.ink.jsonl.gz` or `.ink.jsonl`.
    static func attachedStream(in document: QPDFDocument) throws(ExportError) -> QPDFObject {
        try attachedFile(in: document).stream
    }

    /// The attached ink layers' file specification (the name tree's value) and stream (`attachedStream`).
    private static func attachedFile(in document: QPDFDocument) throws(ExportError) -> (specification: QPDFObject, stream: QPDFObject) {
        guard let tree = document.root["/Names"]?["/EmbeddedFiles"] else { throw .opening(.noEmbeddedInk(path: document.path)) }
        let entries = NameTree.entries(of: tree)
        let byKey = entries.first { $0.key.bytes == Array(attachmentKey.utf8) }
        let byName = entries.filter { entry in
            let name = entry.value["/UF"]?.text ?? entry.value["/F"]?.text ?? ""
            return name.hasSuffix(".ink.jsonl.gz") || name.hasSuffix(".ink.jsonl")
        }
        guard let entry = byKey ?? (byName.count == 1 ? byName[0] : nil) else { throw .opening(.noEmbeddedInk(path: document.path)) }
        guard let stream = entry.value["/EF"]?["/UF"] ?? entry.value["/EF"]?["/F"], stream.isStream else {
            throw .opening(.damagedPDF(path: document.path, reason: "the embedded ink cannot be read"))
        }
        return (entry.value, stream)
    }

    /// What tells the attached ink layers (`attachedStream`) from the document's other
    /// embedded files in poppler's list: the file specification's name, and its size
    /// and MD5 where its `/Params` give them.
    static func attachedIdentity(in document: QPDFDocument) throws(ExportError) -> PDFDocument.AttachmentIdentity {
        let (specification, stream) = try attachedFile(in: document)
        let name = specification["/UF"]?.text ?? specification["/F"]?.text ?? ""
        let parameters = stream["/Params"]
        return PDFDocument.AttachmentIdentity(name: name, size: parameters?["/Size"]?.integer, checksum: parameters?["/CheckSum"]?.bytes)
    }

    /// The most bytes the attached layers may decode to: what any other compressed input may expand to.
    public static let maximumLayersBytes = ImportOptions.defaultMaximumExpandedBytes

    /// Writes the ink layers attached to `pdf` to `output`, byte for byte as
    /// they were attached, after checking that they decode. A layers file
    /// this replaces is kept as `OUTPUT.prev` (or `.damaged`). qpdf finds the
    /// attachment and poppler decodes it into the file a piece at a time, so
    /// memory does not grow with its size; more than `limit` decoded bytes is an
    /// error (a small stream that inflates without end), and nothing is written.
    ///
    /// - Returns: the number of bytes written.
    @discardableResult
    public static func extract(pdf: String, password: String? = nil, to output: String,
                               limit: Int = maximumLayersBytes) throws(ExportError) -> Int {
        if FileIdentity.sameFile(pdf, output) { throw .writing(.outputIsInput(path: output)) }
        let identity = try attachedIdentity(in: try QPDFDocument(path: pdf, password: password))
        let document = try PDFDocument.open(path: pdf, password: password)
        var size = 0
        do {
            _ = try LayersFileReplacement.write(to: output) { temporary in
                let file: FileDescriptor
                do {
                    file = try FileDescriptor(opening: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
                } catch {
                    throw ExportError.writing(.writeFailed(path: output, reason: "\(error)"))
                }
                guard let written = try copy(identity, of: document, limit: limit, into: file, name: output) else {
                    throw ExportError.opening(.damagedPDF(path: pdf, reason: "its embedded ink cannot be read"))
                }
                size = written
                do { try file.close() } catch { throw ExportError.writing(.writeFailed(path: output, reason: "\(error)")) }
                // Refuse to hand back something that is not an ink-layers file.
                do {
                    _ = try InkLayersCheck(path: temporary)
                } catch {
                    throw ExportError.opening(.damagedPDF(path: pdf, reason: "its embedded ink is not a valid ink-layers file (\(error))"))
                }
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw .writing(.writeFailed(path: output, reason: "\(error)"))
        }
        return size
    }

    /// Writes the embedded file `identity` names to `file` as poppler decodes it (`streamAttachment`).
    private static func copy(_ identity: PDFDocument.AttachmentIdentity, of document: PDFDocument, limit: Int,
                             into file: borrowing FileDescriptor, name: String) throws(ExportError) -> Int? {
        var failure: ExportError?
        do {
            return try document.streamAttachment(identity, limit: limit) { piece in
                do { try file.writeAll(piece) } catch { failure = .writing(.writeFailed(path: name, reason: "\(error)")) }
                return failure == nil
            }
        } catch {
            throw failure ?? ExportError(error)
        }
    }

    /// `D:YYYYMMDDHHmmSSZ` for seconds since 1970.
    static func pdfDate(_ seconds: Double) -> String {
        let iso = Flattener.isoDate(seconds)   // YYYY-MM-DDThh:mm:ssZ
        return "D:" + iso.filter(\.isNumber) + "Z"
    }
}
