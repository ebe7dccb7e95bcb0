import CQPDF
import Foundation

/// A PDF opened with qpdf: read, walked page by page, or edited in place and written out whole.
/// The only owner of qpdf's handles in inkpdf: every call into qpdf is made here, by `QPDFObject`
/// or by the page-tree walk (`walkPages`).
///
/// Ownership: the document owns its `qpdf_data` and frees it in `deinit`
/// (a class, not a `~Copyable` value, because its objects refer back to it).
/// Object handles (`QPDFObject`) belong to qpdf and stay valid until
/// `releaseAllObjects()`, which an export calls after every page so that
/// the handle table does not grow with the page count; each release starts
/// a new handle epoch, and an object of an earlier epoch refuses to be used.
/// Not thread-safe.
public final class QPDFDocument {
    private var data: qpdf_data?
    public let path: String
    /// How many times every object handle has been released; `QPDFObject`s of another epoch are stale.
    public private(set) var handleEpoch = 0
    /// Whether the file was opened as written (`init(asWrittenAt:)`), and can be opened again by `reopen`.
    private let readsAsWritten: Bool
    /// Nanoseconds the latest opening took (what the next reopening will cost).
    public private(set) var openingCost: UInt64 = 0

    /// Opens `path` with the first of `passwordForms` (byte strings, nil for none) that qpdf
    /// accepts, repairing what qpdf can. `.passwordRejected` when every form is refused;
    /// `.damaged` when qpdf cannot read it or its trailer names no catalog.
    ///
    /// The corresponding C functions are `qpdf_init`, `qpdf_read` and `qpdf_cleanup`.
    public init(path: String, passwordForms: [[UInt8]?] = [nil]) throws(QPDFError) {
        precondition(!passwordForms.isEmpty, "no password form to try")
        self.path = path
        readsAsWritten = false
        try read(passwordForms: passwordForms, recovering: true)
        // Without a catalog, qpdf's page functions print "application did not handle error"
        // on stderr (twice) and count no page: one clear error instead.
        // (Asked of qpdf directly: no `QPDFObject` exists yet, so no handle epoch is spent.)
        let trailerHandle = qpdf_get_trailer(data)
        let hasCatalog = qpdf_oh_is_dictionary(data, qpdf_oh_get_key(data, trailerHandle, "/Root")) != 0
        qpdf_oh_release_all(data)
        guard hasCatalog else { throw .damaged(reason: "its trailer's /Root names no catalog dictionary") }
    }

    /// Opens `path` as it is written, to read what an incremental update needs: a file qpdf would
    /// have to reconstruct (a broken cross-reference table) cannot take an update whose `/Prev`
    /// points into it, so it is refused (`.damaged`, or `.warned` when qpdf read it only with a
    /// warning); so is an encrypted file (`.encrypted`: new streams would need the file's key).
    ///
    /// The corresponding C functions are `qpdf_init`, `qpdf_set_attempt_recovery` and `qpdf_read`.
    public init(asWrittenAt path: String) throws(QPDFError) {
        self.path = path
        readsAsWritten = true
        try openAsWritten()
    }

    private func openAsWritten() throws(QPDFError) {
        let start = ReopeningSchedule.monotonicNanoseconds()
        defer { openingCost = ReopeningSchedule.monotonicNanoseconds() &- start }
        data = qpdf_init()
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        qpdf_set_attempt_recovery(data, QPDF_FALSE)
        let status = qpdf_read(data, path, nil)
        if status & QPDF_ERRORS != 0 {
            let error = lastError()
            if error.code == qpdf_e_password { throw .encrypted }
            throw .damaged(reason: error.message)
        }
        if qpdf_is_encrypted(data) != 0 { throw .encrypted }
        if qpdf_more_warnings(data) != 0 {
            let warning = qpdf_next_warning(data)
            throw .warned(reason: String(cString: qpdf_get_error_full_text(data, warning)))
        }
    }

    /// Checks that a PDF just written is whole: its cross-reference table is read without any
    /// repair, and every object it lists is found where it says and parses. A file that fails
    /// (`.damaged`, `.warned`) must not be put in place.
    ///
    /// The corresponding C functions are `qpdf_read` (without recovery), `qpdf_get_object_by_id`
    /// and `qpdf_oh_get_type_code`.
    /// An encrypted file (export keeps the source's encryption) is read with the first of `passwordForms` that opens it.
    ///
    /// A warning is damage unless `isDamage` says otherwise (it is given the warning without the file's path, as
    /// `warnings(path:passwordForms:)` gives them): by default, every warning but cairo's duplicated dictionary key
    /// (`isCairosDuplicatedKey`).
    public static func checkWhole(path: String, passwordForms: [[UInt8]?] = [nil],
                                  isDamage: (String) -> Bool = { !isCairosDuplicatedKey($0) }) throws(QPDFError) {
        let document = QPDFDocument(checking: path)
        try document.readWithoutRecovery(passwordForms: passwordForms, isDamage: isDamage)
        try document.resolveEveryObject(isDamage: isDamage)
    }

    /// Every warning of the same check of `path` (none when it reads whole), each without the file's path and
    /// without the byte offset (which an incremental update moves): what a source already says of itself.
    public static func warnings(path: String, passwordForms: [[UInt8]?] = [nil]) throws(QPDFError) -> Set<String> {
        var found = Set<String>()
        let document = QPDFDocument(checking: path)
        try document.readWithoutRecovery(passwordForms: passwordForms) { found.insert($0); return false }
        try document.resolveEveryObject { found.insert($0); return false }
        return found
    }

    /// "dictionary has duplicated key /x7; last occurrence overrides earlier ones": cairo's PDF surface writes one
    /// where a page draws the same source twice (`pdftocairo -pdf` of poppler's blend.pdf and of pdfplumber's
    /// chelsea_pdta.pdf has it too). It is no damage: qpdf, poppler, MuPDF and PDFium all read the object whole and
    /// take the last occurrence.
    public static func isCairosDuplicatedKey(_ warning: String) -> Bool {
        warning.hasSuffix("; last occurrence overrides earlier ones") && warning.contains("dictionary has duplicated key /")
    }

    /// A warning's full text without the file's path and any byte offset: `(object 29 0): object has offset 0`.
    private func comparable(_ warning: qpdf_error?) -> String {
        var text = String(cString: qpdf_get_error_full_text(data, warning))
        if text.hasPrefix(path) { text.removeFirst(path.count) }
        if let offset = text.range(of: #", offset [0-9]+\)"#, options: .regularExpression) { text.replaceSubrange(offset, with: ")") }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private init(checking path: String) {
        self.path = path
        readsAsWritten = false
    }

    /// Reads the file with qpdf's recovery off (a cross-reference table that needs repair is an error), with the first
    /// password form that opens it; a warning on the way is `.warned`.
    private func readWithoutRecovery(passwordForms: [[UInt8]?], isDamage: (String) -> Bool) throws(QPDFError) {
        try read(passwordForms: passwordForms, recovering: false)
        try throwDamagingWarning(isDamage: isDamage) { $0 }
    }

    /// Throws `.warned` for the first warning qpdf has in store that `isDamage` takes for damage (`context` says where).
    private func throwDamagingWarning(isDamage: (String) -> Bool, context: (String) -> String) throws(QPDFError) {
        while qpdf_more_warnings(data) != 0 {
            let warning = qpdf_next_warning(data)
            if isDamage(comparable(warning)) { throw .warned(reason: context(String(cString: qpdf_get_error_full_text(data, warning)))) }
        }
    }

    /// Reads the file with the first of `passwordForms` qpdf accepts (`.passwordRejected` when it refuses every one;
    /// `.damaged` when it cannot read the file), repairing what it can when `recovering`.
    private func read(passwordForms: [[UInt8]?], recovering: Bool) throws(QPDFError) {
        for (index, form) in passwordForms.enumerated() {
            // A qpdf_data that failed to read is not read again: each try starts afresh.
            if data != nil { qpdf_cleanup(&data) }
            data = qpdf_init()
            qpdf_silence_errors(data)
            qpdf_set_suppress_warnings(data, QPDF_TRUE)
            if !recovering { qpdf_set_attempt_recovery(data, QPDF_FALSE) }
            let status = Self.withCString(form) { qpdf_read(data, path, $0) }
            if status & QPDF_ERRORS == 0 { break }
            let error = lastError()
            guard error.code == qpdf_e_password else { throw .damaged(reason: error.message) }
            if index == passwordForms.count - 1 { throw .passwordRejected }
        }
    }

    /// Parses every object numbered below the trailer's `/Size`, failing at the first qpdf cannot find or read.
    /// Each object but a stream is forgotten once read (replaced by null in qpdf's copy, which is only checked, never
    /// written), so that the check does not hold the whole file (430 MB more for a 24 MB manual).
    private func resolveEveryObject(isDamage: (String) -> Bool) throws(QPDFError) {
        let size = Int32(clamping: qpdf_oh_get_int_value(data, qpdf_oh_get_key(data, qpdf_get_trailer(data), "/Size")))
        defer { qpdf_oh_release_all(data); handleEpoch += 1 }
        guard size > 1 else { return }
        for id in 1..<size {
            let handle = qpdf_get_object_by_id(data, id, 0)
            let type = qpdf_oh_get_type_code(data, handle)
            if qpdf_has_error(data) != 0 { throw .damaged(reason: "object \(id): " + lastError().message) }
            try throwDamagingWarning(isDamage: isDamage) { "object \(id): " + $0 }
            // A stream stays: its data is not read here, and an object stream holds objects still to be read.
            if type != ot_stream { qpdf_replace_object(data, id, 0, qpdf_oh_new_null(data)) }
            if id % 4096 == 0 { qpdf_oh_release_all(data) }
        }
    }

    /// Forgets every object qpdf parsed by reading the file afresh (a document opened `asWrittenAt`).
    public func reopen() throws(QPDFError) {
        precondition(readsAsWritten, "only a document read as written is reopened")
        qpdf_cleanup(&data)
        handleEpoch += 1
        try openAsWritten()
    }

    deinit { if data != nil { qpdf_cleanup(&data) } }

    /// Frees qpdf's copy of the document (every object it has parsed or been given) before
    /// the last reference goes. Its objects are then of an earlier epoch and refuse to be
    /// used; the document itself must not be used again.
    ///
    /// The corresponding C function is `qpdf_cleanup`.
    public func close() {
        if data != nil { qpdf_cleanup(&data) }
        handleEpoch += 1
    }

    /// Calls `body` with the `qpdf_data`, which must not outlive the call.
    func withUnsafeHandle<T, E: Error>(_ body: (qpdf_data) throws(E) -> T) throws(E) -> T { try body(data!) }

    /// Calls `body` with `bytes` as a NUL-terminated C string (nil for nil), as qpdf takes a password.
    private static func withCString<T>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let bytes else { return body(nil) }
        return (bytes + [0]).withUnsafeBufferPointer { buffer in buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) } }
    }

    /// The corresponding C function is `qpdf_get_num_pages`.
    public var pageCount: Int { Int(qpdf_get_num_pages(data)) }

    /// Page `number` (1-based).
    ///
    /// The corresponding C function is `qpdf_get_page_n`.
    public func page(_ number: Int) -> QPDFObject { object(qpdf_get_page_n(data, number - 1)) }

    /// The corresponding C function is `qpdf_get_root`.
    public var root: QPDFObject { object(qpdf_get_root(data)) }
    /// The corresponding C function is `qpdf_get_trailer`.
    public var trailer: QPDFObject { object(qpdf_get_trailer(data)) }
    public var isEncrypted: Bool { trailer["/Encrypt"] != nil }

    /// The object `id generation R`.
    ///
    /// The corresponding C function is `qpdf_get_object_by_id`.
    public func object(id: Int32, generation: Int32) -> QPDFObject {
        object(qpdf_get_object_by_id(data, id, generation))
    }

    /// Wraps a handle qpdf has just returned for this document.
    func object(_ handle: qpdf_oh) -> QPDFObject { QPDFObject(adopting: handle, of: self) }

    /// Invalidates every `QPDFObject` of this document (objects themselves stay):
    /// using one afterwards stops the program.
    ///
    /// The corresponding C function is `qpdf_oh_release_all`.
    public func releaseAllObjects() {
        qpdf_oh_release_all(data)
        handleEpoch += 1
    }

    /// Drops qpdf's parsed copy of the objects `references` name (each becomes null), so that a
    /// reader that has done with them does not hold them until the document is closed. The
    /// document is then no longer the file: only for a document that is read, never written.
    ///
    /// The corresponding C function is `qpdf_replace_object`.
    public func forgetObjects(_ references: [QPDFReference]) {
        guard !references.isEmpty else { return }
        releasingObjects {
            // A fresh null each time: the one given becomes the object itself (indirect), and
            // qpdf refuses an indirect replacement.
            for reference in references {
                newNull().withUnsafeHandle { data, null in qpdf_replace_object(data, reference.id, reference.generation, null) }
            }
        }
    }

    /// Runs `body` and then releases every object handle made meanwhile (and before).
    public func releasingObjects<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        defer { releaseAllObjects() }
        return try body()
    }

    // MARK: New objects

    /// The corresponding C function is `qpdf_oh_new_dictionary`.
    public func newDictionary() -> QPDFObject { object(qpdf_oh_new_dictionary(data)) }
    /// The corresponding C functions are `qpdf_oh_new_array` and `qpdf_oh_append_item`.
    public func newArray(_ items: [QPDFObject] = []) -> QPDFObject {
        let array = object(qpdf_oh_new_array(data))
        for item in items { array.append(item) }
        return array
    }
    /// The corresponding C function is `qpdf_oh_new_name`.
    public func newName(_ name: String) -> QPDFObject { object(qpdf_oh_new_name(data, name)) }
    /// A dictionary key as PDF syntax (`#` escapes where needed).
    ///
    /// The corresponding C functions are `qpdf_oh_new_name` and `qpdf_oh_unparse`.
    public func unparsedName(_ key: String) -> String {
        let isPlain = key.utf8.dropFirst().allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x2D || c == 0x5F
        }
        return isPlain ? key : newName(key).unparsedAsWritten
    }
    /// The corresponding C function is `qpdf_oh_new_integer`.
    public func newInteger(_ value: Int) -> QPDFObject { object(qpdf_oh_new_integer(data, Int64(value))) }
    /// The corresponding C function is `qpdf_oh_new_real_from_double`.
    public func newReal(_ value: Double) -> QPDFObject { object(qpdf_oh_new_real_from_double(data, value, 4)) }
    /// The corresponding C function is `qpdf_oh_new_null`.
    public func newNull() -> QPDFObject { object(qpdf_oh_new_null(data)) }
    /// A text string: PDFDocEncoding when it fits, UTF-16 otherwise.
    ///
    /// The corresponding C function is `qpdf_oh_new_unicode_string`.
    public func newText(_ text: String) -> QPDFObject { object(qpdf_oh_new_unicode_string(data, text)) }
    /// The corresponding C function is `qpdf_oh_new_binary_string`.
    public func newBytes(_ bytes: [UInt8]) -> QPDFObject {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { object(qpdf_oh_new_binary_string(data, $0.baseAddress, $0.count)) }
        }
    }
    /// Parses PDF syntax such as `[0 0 612 792]`.
    ///
    /// The corresponding C function is `qpdf_oh_parse`.
    public func parse(_ text: String) -> QPDFObject { object(qpdf_oh_parse(data, text)) }

    /// A new indirect stream holding `bytes` (unfiltered; written compressed).
    ///
    /// The corresponding C functions are `qpdf_oh_new_stream` and `qpdf_oh_replace_stream_data`.
    public func newStream(_ bytes: [UInt8]) -> QPDFObject {
        let stream = object(qpdf_oh_new_stream(data))
        let null = newNull()
        stream.withUnsafeHandle(and: null) { data, stream, null in
            bytes.withUnsafeBufferPointer { qpdf_oh_replace_stream_data(data, stream, $0.baseAddress, $0.count, null, null) }
        }
        return stream
    }

    /// A new indirect stream whose dictionary is `dictionary` (PDF text, without
    /// `/Length`) and whose data is `bytes` as stored: already encoded by the
    /// dictionary's `/Filter` (qpdf writes them as they are), or plain without one.
    ///
    /// The corresponding C functions are `qpdf_oh_new_stream`, `qpdf_oh_parse` and `qpdf_oh_replace_stream_data`.
    public func newStream(_ bytes: [UInt8], dictionary: String) -> QPDFObject {
        let stream = object(qpdf_oh_new_stream(data))
        let keys = parse(dictionary)
        let filter = keys["/Filter"] ?? newNull()
        let parameters = keys["/DecodeParms"] ?? newNull()
        stream.withUnsafeHandle(and: filter) { data, stream, filter in
            parameters.withUnsafeHandle { _, parameters in
                bytes.withUnsafeBufferPointer {
                    qpdf_oh_replace_stream_data(data, stream, $0.baseAddress, $0.count, filter, parameters)
                }
            }
        }
        for key in keys.keys where key != "/Filter" && key != "/DecodeParms" && key != "/Length" {
            if let value = keys[key] { stream.set(key, value) }
        }
        return stream
    }

    /// The corresponding C function is `qpdf_make_indirect_object`.
    public func makeIndirect(_ object: QPDFObject) -> QPDFObject {
        precondition(object.document === self, "a qpdf object made indirect in another document")
        return self.object(object.withUnsafeHandle { qpdf_make_indirect_object($0, $1) })
    }

    /// Copies an object of `other` (and what it refers to) into this document.
    /// Stream data is read from `other` when this document is written, so `other` must stay open till then.
    ///
    /// The corresponding C function is `qpdf_oh_copy_foreign_object`.
    public func copyForeign(_ foreign: QPDFObject, from other: QPDFDocument) -> QPDFObject {
        precondition(foreign.document === other, "a foreign qpdf object copied from the wrong document")
        return object(foreign.withUnsafeHandle { otherData, foreignHandle in
            qpdf_oh_copy_foreign_object(data, otherData, foreignHandle)
        })
    }

    /// Replaces the object `id generation R` with null everywhere it is referred to.
    ///
    /// The corresponding C function is `qpdf_replace_object`.
    public func replaceWithNull(id: Int32, generation: Int32) {
        newNull().withUnsafeHandle { qpdf_replace_object($0, id, generation, $1) }
    }

    /// Takes the page out of the page tree.
    ///
    /// The corresponding C function is `qpdf_remove_page`.
    public func removePage(_ page: QPDFObject) throws(QPDFError) {
        precondition(page.document === self, "a page removed from another document")
        if page.withUnsafeHandle({ qpdf_remove_page($0, $1) }) & QPDF_ERRORS != 0 {
            throw .damaged(reason: lastError().message)
        }
    }

    /// Adds `page` at the end of the page tree: a page of `other` is copied in (with
    /// what it refers to); a page this document already shows is added as a copy.
    ///
    /// The corresponding C function is `qpdf_add_page`.
    public func addPage(_ page: QPDFObject, from other: QPDFDocument? = nil) throws(QPDFError) {
        let owner = other ?? self
        precondition(page.document === owner, "a page added from the wrong document")
        let status = page.withUnsafeHandle { ownerData, handle in qpdf_add_page(data, ownerData, handle, QPDF_FALSE) }
        if status & QPDF_ERRORS != 0 { throw .damaged(reason: lastError().message) }
    }

    // MARK: Errors and writing

    /// The latest error, cleared by reading it; nil when there is none.
    ///
    /// The corresponding C functions are `qpdf_has_error`, `qpdf_get_error` and `qpdf_get_error_full_text`.
    public func takeError() -> String? {
        guard qpdf_has_error(data) != 0 else { return nil }
        return lastError().message
    }

    private func lastError() -> (code: qpdf_error_code_e, message: String) {
        guard let error = qpdf_get_error(data) else { return (qpdf_e_success, "unknown qpdf error") }
        return (qpdf_get_error_code(data, error), String(cString: qpdf_get_error_full_text(data, error)))
    }

    /// How `write` lays out the objects.
    public enum ObjectStreams: Sendable {
        /// Objects in object streams, the cross-reference section a stream.
        case generate
        /// As the file read had them.
        case preserve
    }

    /// Writes the whole document to `path` with compressed streams, object streams as
    /// `objectStreams` says, and a deterministic `/ID` (same objects, same bytes) unless
    /// the file is encrypted, where qpdf keeps the encryption and cannot. Returns the
    /// warnings qpdf gave while writing (none for a document it wrote cleanly).
    ///
    /// The corresponding C functions are `qpdf_init_write`, `qpdf_set_deterministic_ID`,
    /// `qpdf_set_compress_streams`, `qpdf_set_object_stream_mode` and `qpdf_write`.
    @discardableResult
    public func write(to path: String, objectStreams: ObjectStreams = .generate) throws(QPDFError) -> [String] {
        if qpdf_init_write(data, path) & QPDF_ERRORS != 0 { throw .cannotCreate(reason: lastError().message) }
        if !isEncrypted { qpdf_set_deterministic_ID(data, QPDF_TRUE) }
        qpdf_set_compress_streams(data, QPDF_TRUE)
        qpdf_set_object_stream_mode(data, objectStreams == .generate ? qpdf_o_generate : qpdf_o_preserve)
        let status = qpdf_write(data)
        if status & QPDF_ERRORS != 0 {
            let error = lastError()
            throw .writeFailed(reason: error.message, isSystemError: error.code == qpdf_e_system)
        }
        var warnings: [String] = []
        if status & QPDF_WARNINGS != 0 {
            while qpdf_more_warnings(data) != 0, let warning = qpdf_next_warning(data) {
                warnings.append(String(cString: qpdf_get_error_full_text(data, warning)))
            }
        }
        return warnings
    }
}
