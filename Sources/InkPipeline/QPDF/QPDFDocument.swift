import CQPDF
import Foundation

/// A PDF opened with qpdf to edit its objects in place and write it out whole.
///
/// Ownership: the document owns its `qpdf_data` and frees it in `deinit`.
/// Object handles (`QPDFObject`) belong to the document and stay valid until
/// `releaseAllObjects()`, which an export calls after every page so that
/// the handle table does not grow with the page count. Not thread-safe.
final class QPDFDocument {
    private var data: qpdf_data?
    let path: String

    /// Opens `path`. A missing password for an encrypted file, a wrong one and
    /// a file qpdf cannot repair become the same errors flatten reports.
    ///
    /// The corresponding C functions are `qpdf_init` and `qpdf_read`.
    init(path: String, password: String?) throws(ExportError) {
        self.path = path
        try ExportError.requireReadableFile(path)
        data = qpdf_init()
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        if qpdf_read(data, path, password) & QPDF_ERRORS != 0 {
            let code = lastError().code
            if code == qpdf_e_password {
                throw password == nil ? .passwordRequired(path: path) : .wrongPassword(path: path)
            }
            throw .damagedPDF(path: path, reason: lastError().message)
        }
        guard pageCount > 0 else { throw .emptyPDF(path: path) }
    }

    deinit { if data != nil { qpdf_cleanup(&data) } }

    func withUnsafeHandle<T>(_ body: (qpdf_data) throws -> T) rethrows -> T { try body(data!) }

    var pageCount: Int { Int(qpdf_get_num_pages(data)) }

    /// Page `number` (1-based).
    ///
    /// The corresponding C function is `qpdf_get_page_n`.
    func page(_ number: Int) -> QPDFObject { object(qpdf_get_page_n(data, number - 1)) }

    var root: QPDFObject { object(qpdf_get_root(data)) }
    var trailer: QPDFObject { object(qpdf_get_trailer(data)) }
    var isEncrypted: Bool { trailer["/Encrypt"] != nil }

    /// The object `id generation R`.
    ///
    /// The corresponding C function is `qpdf_get_object_by_id`.
    func object(id: Int32, generation: Int32) -> QPDFObject {
        object(qpdf_get_object_by_id(data, id, generation))
    }

    func object(_ handle: qpdf_oh) -> QPDFObject { QPDFObject(handle: handle, document: self) }

    /// Invalidates every `QPDFObject` of this document (objects themselves stay).
    ///
    /// The corresponding C function is `qpdf_oh_release_all`.
    func releaseAllObjects() { qpdf_oh_release_all(data) }

    // MARK: New objects

    func newDictionary() -> QPDFObject { object(qpdf_oh_new_dictionary(data)) }
    func newArray(_ items: [QPDFObject] = []) -> QPDFObject {
        let array = object(qpdf_oh_new_array(data))
        for item in items { array.append(item) }
        return array
    }
    func newName(_ name: String) -> QPDFObject { object(qpdf_oh_new_name(data, name)) }
    func newInteger(_ value: Int) -> QPDFObject { object(qpdf_oh_new_integer(data, Int64(value))) }
    func newReal(_ value: Double) -> QPDFObject { object(qpdf_oh_new_real_from_double(data, value, 4)) }
    func newNull() -> QPDFObject { object(qpdf_oh_new_null(data)) }
    /// A text string: PDFDocEncoding when it fits, UTF-16 otherwise.
    func newText(_ text: String) -> QPDFObject { object(qpdf_oh_new_unicode_string(data, text)) }
    func newBytes(_ bytes: [UInt8]) -> QPDFObject {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { object(qpdf_oh_new_binary_string(data, $0.baseAddress, $0.count)) }
        }
    }
    /// Parses PDF syntax such as `[0 0 612 792]`.
    func parse(_ text: String) -> QPDFObject { object(qpdf_oh_parse(data, text)) }

    /// A new indirect stream holding `bytes` (unfiltered; written compressed).
    ///
    /// The corresponding C functions are `qpdf_oh_new_stream` and `qpdf_oh_replace_stream_data`.
    func newStream(_ bytes: [UInt8]) -> QPDFObject {
        let stream = object(qpdf_oh_new_stream(data))
        let null = qpdf_oh_new_null(data)
        bytes.withUnsafeBufferPointer { qpdf_oh_replace_stream_data(data, stream.handle, $0.baseAddress, $0.count, null, null) }
        return stream
    }

    func makeIndirect(_ object: QPDFObject) -> QPDFObject { self.object(qpdf_make_indirect_object(data, object.handle)) }

    /// Copies an object of `other` (and what it refers to) into this document.
    /// Stream data is read from `other` when this document is written, so `other` must stay open till then.
    ///
    /// The corresponding C function is `qpdf_oh_copy_foreign_object`.
    func copyForeign(_ foreign: QPDFObject, from other: QPDFDocument) -> QPDFObject {
        other.withUnsafeHandle { object(qpdf_oh_copy_foreign_object(data, $0, foreign.handle)) }
    }

    /// Replaces the object `id generation R` with null everywhere it is referred to.
    ///
    /// The corresponding C function is `qpdf_replace_object`.
    func replaceWithNull(id: Int32, generation: Int32) {
        qpdf_replace_object(data, id, generation, qpdf_oh_new_null(data))
    }

    /// Takes the page out of the page tree.
    ///
    /// The corresponding C function is `qpdf_remove_page`.
    func removePage(_ page: QPDFObject) throws(ExportError) {
        if qpdf_remove_page(data, page.handle) & QPDF_ERRORS != 0 { throw .damagedPDF(path: path, reason: lastError().message) }
    }

    // MARK: Errors and writing

    /// The latest error, cleared by reading it; nil when there is none.
    ///
    /// The corresponding C functions are `qpdf_has_error`, `qpdf_get_error` and `qpdf_get_error_full_text`.
    func takeError() -> String? {
        guard qpdf_has_error(data) != 0 else { return nil }
        return lastError().message
    }

    private func lastError() -> (code: qpdf_error_code_e, message: String) {
        guard let error = qpdf_get_error(data) else { return (qpdf_e_success, "unknown qpdf error") }
        return (qpdf_get_error_code(data, error), String(cString: qpdf_get_error_full_text(data, error)))
    }

    /// Writes the whole document to `path` with compressed streams and object
    /// streams, and a deterministic `/ID` (same objects, same bytes) unless
    /// the file is encrypted, where qpdf keeps the encryption and cannot.
    ///
    /// The corresponding C functions are `qpdf_init_write`, `qpdf_set_deterministic_ID`,
    /// `qpdf_set_compress_streams`, `qpdf_set_object_stream_mode` and `qpdf_write`.
    func write(to path: String, name: String) throws(ExportError) {
        if qpdf_init_write(data, path) & QPDF_ERRORS != 0 {
            throw .cannotCreateOutput(path: name, reason: lastError().message)
        }
        if !isEncrypted { qpdf_set_deterministic_ID(data, QPDF_TRUE) }
        qpdf_set_compress_streams(data, QPDF_TRUE)
        qpdf_set_object_stream_mode(data, qpdf_o_generate)
        if qpdf_write(data) & QPDF_ERRORS != 0 {
            let error = lastError()
            throw error.code == qpdf_e_system ? .writeFailed(path: name, reason: error.message)
                                               : .renderFailed(path: name, page: nil, reason: error.message)
        }
    }
}
