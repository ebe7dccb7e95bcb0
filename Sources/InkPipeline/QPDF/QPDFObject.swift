import CQPDF
import Foundation

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
