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

/// A handle to one object of a `QPDFDocument`, valid until the document's
/// `releaseAllObjects()`. Indirect references are followed transparently.
struct QPDFObject {
    let handle: qpdf_oh
    unowned let document: QPDFDocument

    private func call<T>(_ body: (qpdf_data) -> T) -> T { document.withUnsafeHandle(body) }

    var isNull: Bool { call { qpdf_oh_is_null($0, handle) != 0 } }
    var isDictionary: Bool { call { qpdf_oh_is_dictionary($0, handle) != 0 } }
    var isArray: Bool { call { qpdf_oh_is_array($0, handle) != 0 } }
    var isStream: Bool { call { qpdf_oh_is_stream($0, handle) != 0 } }
    var isName: Bool { call { qpdf_oh_is_name($0, handle) != 0 } }
    var isString: Bool { call { qpdf_oh_is_string($0, handle) != 0 } }
    var isIndirect: Bool { call { qpdf_oh_is_indirect($0, handle) != 0 } }
    func isName(_ name: String) -> Bool { call { qpdf_oh_is_name_and_equals($0, handle, name) != 0 } }

    var objectID: Int32 { call { qpdf_oh_get_object_id($0, handle) } }
    var generation: Int32 { call { qpdf_oh_get_generation($0, handle) } }
    /// `id generation`, for sets of objects; nil for a direct object.
    var reference: QPDFReference? {
        let id = objectID
        return id == 0 ? nil : QPDFReference(id: id, generation: generation)
    }

    var number: Double? { call { qpdf_oh_is_number($0, handle) != 0 ? qpdf_oh_get_numeric_value($0, handle) : nil } }
    var integer: Int? { call { qpdf_oh_is_integer($0, handle) != 0 ? Int(qpdf_oh_get_int_value($0, handle)) : nil } }
    var name: String? { call { qpdf_oh_is_name($0, handle) != 0 ? String(cString: qpdf_oh_get_name($0, handle)) : nil } }

    /// A string's bytes as stored.
    var bytes: [UInt8]? {
        call { data in
            guard qpdf_oh_is_string(data, handle) != 0 else { return nil }
            var length = 0
            guard let value = qpdf_oh_get_binary_string_value(data, handle, &length) else { return [] }
            return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
    }

    /// A text string decoded (PDFDocEncoding or UTF-16) to Swift.
    var text: String? {
        call { data in
            guard qpdf_oh_is_string(data, handle) != 0 else { return nil }
            var length = 0
            guard let value = qpdf_oh_get_binary_utf8_value(data, handle, &length) else { return "" }
            return value.withMemoryRebound(to: UInt8.self, capacity: length) { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
        }
    }

    /// The dictionary of a stream, or the dictionary itself.
    var dictionary: QPDFObject? {
        if isStream { return document.object(call { qpdf_oh_get_dict($0, handle) }) }
        return isDictionary ? self : nil
    }

    /// A dictionary's (or stream dictionary's) entry; nil when absent or null.
    /// Asking anything else would make qpdf warn, so it is not asked.
    subscript(key: String) -> QPDFObject? {
        guard let dictionary else { return nil }
        let value = document.object(call { qpdf_oh_get_key($0, dictionary.handle, key) })
        return value.isNull ? nil : value
    }

    /// Looks `key` up here and then in `/Parent`s (page-tree inheritance).
    func inherited(_ key: String) -> QPDFObject? {
        var node: QPDFObject? = self
        for _ in 0..<64 {
            guard let current = node else { return nil }
            if let value = current[key] { return value }
            node = current["/Parent"]
        }
        return nil
    }

    func set(_ key: String, _ value: QPDFObject) {
        guard let dictionary else { return }
        call { qpdf_oh_replace_key($0, dictionary.handle, key, value.handle) }
    }

    func remove(_ key: String) {
        guard let dictionary else { return }
        call { qpdf_oh_remove_key($0, dictionary.handle, key) }
    }

    /// A dictionary's keys (each with its `/`).
    var keys: [String] {
        guard let dictionary else { return [] }
        return call { data in
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(data, dictionary.handle)
            while qpdf_oh_dict_more_keys(data) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(data))) }
            return keys
        }
    }

    /// The object in PDF syntax (indirect objects as references).
    ///
    /// The corresponding C function is `qpdf_oh_unparse_resolved`.
    var unparsed: String { call { String(cString: qpdf_oh_unparse_resolved($0, handle)) } }

    var count: Int { call { qpdf_oh_is_array($0, handle) != 0 ? Int(qpdf_oh_get_array_n_items($0, handle)) : 0 } }
    subscript(index: Int) -> QPDFObject { document.object(call { qpdf_oh_get_array_item($0, handle, Int32(index)) }) }
    var items: [QPDFObject] { (0..<count).map { self[$0] } }
    func append(_ item: QPDFObject) { call { qpdf_oh_append_item($0, handle, item.handle) } }
    func removeItem(at index: Int) { call { qpdf_oh_erase_item($0, handle, Int32(index)) } }

    /// A new direct dictionary with the same entries (values shared, not copied).
    func shallowCopy() -> QPDFObject {
        let copy = document.newDictionary()
        for key in keys { if let value = self[key] { copy.set(key, value) } }
        return copy
    }

    /// A stream's data with every filter qpdf knows removed.
    ///
    /// The corresponding C function is `qpdf_oh_get_stream_data`.
    func streamData() -> [UInt8]? {
        call { data in
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            var filtered: QPDF_BOOL = 0
            guard qpdf_oh_get_stream_data(data, handle, qpdf_dl_all, &filtered, &buffer, &length) == 0, filtered != 0,
                  let buffer else { return nil }
            defer { free(buffer) }
            return Array(UnsafeBufferPointer(start: buffer, count: length))
        }
    }
}

/// An indirect object's number and generation.
struct QPDFReference: Hashable, Sendable {
    var id: Int32
    var generation: Int32
}
