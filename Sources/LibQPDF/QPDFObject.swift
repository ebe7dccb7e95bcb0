import CQPDF
import Foundation

/// A handle to one object of a `QPDFDocument`. Indirect references are followed transparently.
///
/// Ownership: qpdf owns the handle; the document releases every handle at
/// once with `releaseAllObjects()`. A `QPDFObject` remembers the document's
/// handle epoch when it was made, and every use checks it: an object used
/// after that release stops the program (a precondition) instead of reaching
/// a handle qpdf has let go. To keep an object across a release, keep its
/// `reference` and look it up again (`QPDFDocument.object(id:generation:)`).
/// The document is held `unowned` (checked: using an object after its
/// document is gone traps too), so objects never keep a file open.
public struct QPDFObject {
    private let handle: qpdf_oh
    private let epoch: Int
    public unowned let document: QPDFDocument

    /// Wraps a handle that `document` has just returned.
    init(adopting handle: qpdf_oh, of document: QPDFDocument) {
        self.handle = handle
        self.epoch = document.handleEpoch
        self.document = document
    }

    /// Whether the handle is still valid (no `releaseAllObjects()` since it was made).
    public var isValid: Bool { epoch == document.handleEpoch }

    /// Calls `body` with the document's `qpdf_data` and this object's `qpdf_oh`,
    /// which must not outlive the call. Stops the program when the handle has been released.
    func withUnsafeHandle<T, E: Error>(_ body: (qpdf_data, qpdf_oh) throws(E) -> T) throws(E) -> T {
        precondition(isValid, "a qpdf object handle of \(document.path) was used after releaseAllObjects()")
        return try document.withUnsafeHandle { (data) throws(E) in try body(data, handle) }
    }

    /// Calls `body` with the handles of this object and `other`, which must belong to the same document.
    func withUnsafeHandle<T, E: Error>(and other: QPDFObject, _ body: (qpdf_data, qpdf_oh, qpdf_oh) throws(E) -> T) throws(E) -> T {
        precondition(other.document === document, "qpdf objects of two documents mixed (copy one with copyForeign)")
        return try withUnsafeHandle { (data, handle) throws(E) in
            try other.withUnsafeHandle { (_, otherHandle) throws(E) in try body(data, handle, otherHandle) }
        }
    }

    private func call<T>(_ body: (qpdf_data, qpdf_oh) -> T) -> T { withUnsafeHandle(body) }

    public var isNull: Bool { call { qpdf_oh_is_null($0, $1) != 0 } }
    public var isDictionary: Bool { call { qpdf_oh_is_dictionary($0, $1) != 0 } }
    public var isArray: Bool { call { qpdf_oh_is_array($0, $1) != 0 } }
    public var isStream: Bool { call { qpdf_oh_is_stream($0, $1) != 0 } }
    public var isName: Bool { call { qpdf_oh_is_name($0, $1) != 0 } }
    public var isString: Bool { call { qpdf_oh_is_string($0, $1) != 0 } }
    public var isIndirect: Bool { call { qpdf_oh_is_indirect($0, $1) != 0 } }
    /// The corresponding C function is `qpdf_oh_is_name_and_equals`.
    public func isName(_ name: String) -> Bool { call { qpdf_oh_is_name_and_equals($0, $1, name) != 0 } }

    public var objectID: Int32 { call { qpdf_oh_get_object_id($0, $1) } }
    public var generation: Int32 { call { qpdf_oh_get_generation($0, $1) } }
    /// `id generation`, for sets of objects and for finding the object again after a release; nil for a direct object.
    public var reference: QPDFReference? {
        let id = objectID
        return id == 0 ? nil : QPDFReference(id: id, generation: generation)
    }

    public var number: Double? { call { qpdf_oh_is_number($0, $1) != 0 ? qpdf_oh_get_numeric_value($0, $1) : nil } }
    public var integer: Int? { call { qpdf_oh_is_integer($0, $1) != 0 ? Int(qpdf_oh_get_int_value($0, $1)) : nil } }
    public var name: String? { call { qpdf_oh_is_name($0, $1) != 0 ? String(cString: qpdf_oh_get_name($0, $1)) : nil } }
    /// Whether this is the boolean `true`.
    ///
    /// The corresponding C functions are `qpdf_oh_is_bool` and `qpdf_oh_get_bool_value`.
    public var isTrue: Bool { call { qpdf_oh_is_bool($0, $1) != 0 && qpdf_oh_get_bool_value($0, $1) != 0 } }

    /// A string's bytes as stored.
    ///
    /// The corresponding C function is `qpdf_oh_get_binary_string_value`.
    public var bytes: [UInt8]? {
        call { data, handle in
            guard qpdf_oh_is_string(data, handle) != 0 else { return nil }
            var length = 0
            guard let value = qpdf_oh_get_binary_string_value(data, handle, &length) else { return [] }
            return Array(UnsafeRawBufferPointer(start: value, count: length))
        }
    }

    /// A text string decoded (PDFDocEncoding or UTF-16) to Swift.
    ///
    /// The corresponding C function is `qpdf_oh_get_binary_utf8_value`.
    public var text: String? {
        call { data, handle in
            guard qpdf_oh_is_string(data, handle) != 0 else { return nil }
            var length = 0
            guard let value = qpdf_oh_get_binary_utf8_value(data, handle, &length) else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: value, count: length), as: UTF8.self)
        }
    }

    /// The dictionary of a stream, or the dictionary itself.
    ///
    /// The corresponding C function is `qpdf_oh_get_dict`.
    public var dictionary: QPDFObject? {
        if isStream { return document.object(call { qpdf_oh_get_dict($0, $1) }) }
        return isDictionary ? self : nil
    }

    /// A dictionary's (or stream dictionary's) entry; nil when absent or null.
    /// Asking anything else would make qpdf warn, so it is not asked.
    ///
    /// The corresponding C function is `qpdf_oh_get_key`.
    public subscript(key: String) -> QPDFObject? {
        guard let dictionary else { return nil }
        let value = document.object(dictionary.call { qpdf_oh_get_key($0, $1, key) })
        return value.isNull ? nil : value
    }

    /// Looks `key` up here and then in `/Parent`s (page-tree inheritance); page trees that loop are cut off.
    public func inherited(_ key: String) -> QPDFObject? {
        var node: QPDFObject? = self
        for _ in 0..<64 {
            guard let current = node else { return nil }
            if let value = current[key] { return value }
            node = current["/Parent"]
        }
        return nil
    }

    /// A dictionary's entry as the file writes it, for copying it elsewhere as PDF syntax: an indirect
    /// entry is returned without being read (a reference to a missing object stays the reference);
    /// nil when absent or null, or when this is not a dictionary (a stream's dictionary is not asked).
    ///
    /// The corresponding C function is `qpdf_oh_get_key`.
    public func entryAsWritten(_ key: String) -> QPDFObject? {
        guard isDictionary else { return nil }
        let value = document.object(call { qpdf_oh_get_key($0, $1, key) })
        return value.isIndirect || !value.isNull ? value : nil
    }

    /// `entryAsWritten(key)` here or on a `/Parent` (page-tree inheritance), 64 levels at most.
    public func inheritedAsWritten(_ key: String) -> QPDFObject? {
        var node = self
        for _ in 0..<64 {
            if let found = node.entryAsWritten(key) { return found }
            guard let parent = node.entryAsWritten("/Parent") else { return nil }
            node = parent
        }
        return nil
    }

    /// The keys of a dictionary (not of a stream's), each with its `/`, in qpdf's (sorted) order.
    public var dictionaryKeys: [String] { isDictionary ? keys : [] }

    /// The object in PDF syntax as it is written where it is referred to: `12 0 R` for an
    /// indirect object, its value for a direct one.
    ///
    /// The corresponding C function is `qpdf_oh_unparse`.
    public var unparsedAsWritten: String { call { String(cString: qpdf_oh_unparse($0, $1)) } }

    /// The corresponding C function is `qpdf_oh_replace_key`.
    public func set(_ key: String, _ value: QPDFObject) {
        guard let dictionary else { return }
        dictionary.withUnsafeHandle(and: value) { qpdf_oh_replace_key($0, $1, key, $2) }
    }

    /// The corresponding C function is `qpdf_oh_remove_key`.
    public func remove(_ key: String) {
        guard let dictionary else { return }
        dictionary.call { qpdf_oh_remove_key($0, $1, key) }
    }

    /// A dictionary's keys (each with its `/`).
    ///
    /// The corresponding C functions are `qpdf_oh_begin_dict_key_iter`, `qpdf_oh_dict_more_keys` and `qpdf_oh_dict_next_key`.
    public var keys: [String] {
        guard let dictionary else { return [] }
        return dictionary.call { data, handle in
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(data, handle)
            while qpdf_oh_dict_more_keys(data) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(data))) }
            return keys
        }
    }

    /// The object in PDF syntax (indirect objects as references).
    ///
    /// The corresponding C function is `qpdf_oh_unparse_resolved`.
    public var unparsed: String { call { String(cString: qpdf_oh_unparse_resolved($0, $1)) } }

    /// Whether the object in PDF syntax, as qpdf writes it (indirect objects as references,
    /// a number as the file spelt it), is `text`, byte for byte.
    ///
    /// The corresponding C function is `qpdf_oh_unparse`.
    public func unparses(as text: [UInt8]) -> Bool {
        call { data, handle in
            guard let unparsed = qpdf_oh_unparse(data, handle) else { return false }
            return strlen(unparsed) == text.count && text.withUnsafeBytes { memcmp(unparsed, $0.baseAddress!, text.count) == 0 }
        }
    }

    /// The corresponding C function is `qpdf_oh_get_array_n_items`.
    public var count: Int { call { qpdf_oh_is_array($0, $1) != 0 ? Int(qpdf_oh_get_array_n_items($0, $1)) : 0 } }
    /// The corresponding C function is `qpdf_oh_get_array_item`.
    public subscript(index: Int) -> QPDFObject { document.object(call { qpdf_oh_get_array_item($0, $1, Int32(index)) }) }
    public var items: [QPDFObject] { (0..<count).map { self[$0] } }

    /// The first `limit` items of an array as numbers (NaN for an item that is not one), each item's
    /// handle released as soon as it is read: a `QPDFObject` for each would hold qpdf's handle until
    /// the next `releaseAllObjects()`, about 150 bytes an item (an `/InkList` of 100,000 points named
    /// by 20 annotations of a page held 600 MB of them until the page was done).
    ///
    /// The corresponding C functions are `qpdf_oh_get_array_item`, `qpdf_oh_get_numeric_value` and `qpdf_oh_release`.
    public func numbers(limit: Int) -> [Double] {
        call { data, handle in
            let count = qpdf_oh_is_array(data, handle) != 0 ? min(Int(qpdf_oh_get_array_n_items(data, handle)), max(limit, 0)) : 0
            var numbers: [Double] = []
            numbers.reserveCapacity(count)
            for index in 0..<count {
                let item = qpdf_oh_get_array_item(data, handle, Int32(index))
                numbers.append(qpdf_oh_is_number(data, item) != 0 ? qpdf_oh_get_numeric_value(data, item) : .nan)
                qpdf_oh_release(data, item)
            }
            return numbers
        }
    }
    /// The corresponding C function is `qpdf_oh_append_item`.
    public func append(_ item: QPDFObject) { withUnsafeHandle(and: item) { qpdf_oh_append_item($0, $1, $2) } }
    /// Inserts `item` before index `at` of an array.
    ///
    /// The corresponding C function is `qpdf_oh_insert_item`.
    public func insert(_ item: QPDFObject, at index: Int) { withUnsafeHandle(and: item) { qpdf_oh_insert_item($0, $1, Int32(index), $2) } }
    /// The corresponding C function is `qpdf_oh_erase_item`.
    public func removeItem(at index: Int) { call { qpdf_oh_erase_item($0, $1, Int32(index)) } }

    /// A new direct dictionary with the same entries (values shared, not copied).
    public func shallowCopy() -> QPDFObject {
        let copy = document.newDictionary()
        for key in keys { if let value = self[key] { copy.set(key, value) } }
        return copy
    }

    /// A stream's data with every filter qpdf knows removed; nil when qpdf
    /// cannot remove them all (it then hands back the raw data, which is freed unread).
    ///
    /// The corresponding C function is `qpdf_oh_get_stream_data`.
    public func streamData() -> [UInt8]? {
        call { data, handle in
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            var filtered: QPDF_BOOL = QPDF_FALSE
            let status = qpdf_oh_get_stream_data(data, handle, qpdf_dl_all, &filtered, &buffer, &length)
            // qpdf mallocs the buffer whenever it returns one, filtered or not.
            defer { free(buffer) }
            guard status & QPDF_ERRORS == 0, filtered != QPDF_FALSE, let buffer else { return nil }
            return Array(UnsafeBufferPointer(start: buffer, count: length))
        }
    }

    /// A stream's data as stored, with no filter removed (bounded by the file's own size).
    ///
    /// The corresponding C function is `qpdf_oh_get_stream_data` (with `qpdf_dl_none`).
    public func rawStreamData() -> [UInt8]? {
        call { data, handle in
            guard qpdf_oh_is_stream(data, handle) != 0 else { return nil }
            var buffer: UnsafeMutablePointer<UInt8>?
            var length = 0
            let status = qpdf_oh_get_stream_data(data, handle, qpdf_dl_none, nil, &buffer, &length)
            defer { free(buffer) }
            guard status & QPDF_ERRORS == 0, let buffer else { return nil }
            return Array(UnsafeBufferPointer(start: buffer, count: length))
        }
    }
}
