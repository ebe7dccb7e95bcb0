import CQPDF
#if canImport(Glibc)
import Glibc
#endif

/// Where a page sits in the page tree: its object, and the node whose `/Kids`
/// lists it with its index there (a page object listed twice has two places).
struct PagePlace: Equatable, Sendable {
    /// The page's object number and generation; 0 for a kid written directly in
    /// `/Kids` (not an object of the file: qpdf would make one of it).
    var id: Int32
    var generation: Int32
    var parent: Int32
    var parentGeneration: Int32
    var index: Int32
}

/// A finished PDF opened read-only with qpdf, to read what an incremental
/// update needs: the trailer, the pages in the order qpdf numbers them, and
/// the page dictionaries as PDF syntax (indirect objects stay references,
/// nothing is copied).
///
/// qpdf reads objects from the file on demand and keeps what it parsed; the
/// handles made for a page are released after it (`releaseHandles`). Pages
/// are found by walking the page tree (`walkPages`), not through qpdf's list
/// of all pages, which would parse every page dictionary up front and keep
/// it; `reopen()` drops everything qpdf has parsed (the walk is kept by
/// object numbers). Not thread-safe. Ownership: frees its `qpdf_data` in `deinit`.
final class QPDFPageReader {
    private var data: qpdf_data?
    let path: String
    /// Nanoseconds the latest opening took (what the next reopening will cost).
    private(set) var openingCost: UInt64 = 0

    /// Opens `path` without repairing it: a file qpdf would have to reconstruct
    /// (a broken cross-reference table) cannot take an update whose `/Prev`
    /// points into it, so it is refused. Encrypted files are refused too: new
    /// streams would have to be encrypted with the file's key.
    ///
    /// The corresponding C functions are `qpdf_init`, `qpdf_set_attempt_recovery` and `qpdf_read`.
    init(path: String) throws(IncrementalUpdateError) {
        self.path = path
        try open()
    }

    /// Forgets every object qpdf parsed by reading the file afresh.
    func reopen() throws(IncrementalUpdateError) {
        qpdf_cleanup(&data)
        try open()
    }

    private func open() throws(IncrementalUpdateError) {
        let start = ReopeningSchedule.monotonicNanoseconds()
        defer { openingCost = ReopeningSchedule.monotonicNanoseconds() &- start }
        data = qpdf_init()
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
        qpdf_set_attempt_recovery(data, QPDF_FALSE)
        let status = qpdf_read(data, path, nil)
        if status & QPDF_ERRORS != 0 {
            let message = lastError()
            if message.code == qpdf_e_password { throw .encrypted(path: path) }
            throw .unreadablePDF(path: path, reason: message.text)
        }
        if qpdf_is_encrypted(data) != 0 { throw .encrypted(path: path) }
        if qpdf_more_warnings(data) != 0 {
            let warning = qpdf_next_warning(data)
            throw .unreadablePDF(path: path, reason: "qpdf warns: " + String(cString: qpdf_get_error_full_text(data, warning)))
        }
    }

    deinit { qpdf_cleanup(&data) }

    /// The corresponding C function is `qpdf_oh_is_indirect`.
    func isIndirect(_ object: qpdf_oh) -> Bool { qpdf_oh_is_indirect(data, object) != 0 }

    private func lastError() -> (code: qpdf_error_code_e, text: String) {
        guard let error = qpdf_get_error(data) else { return (qpdf_e_success, "unknown qpdf error") }
        return (qpdf_get_error_code(data, error), String(cString: qpdf_get_error_full_text(data, error)))
    }

    /// The error qpdf recorded while reading an object, if any (cleared by reading it).
    ///
    /// The corresponding C function is `qpdf_has_error`.
    func takeError() -> String? {
        guard qpdf_has_error(data) != 0 else { return nil }
        return lastError().text
    }

    /// The corresponding C function is `qpdf_get_trailer`.
    var trailer: qpdf_oh { qpdf_get_trailer(data) }

    /// Visits every page in the order qpdf (and poppler) number them, with its place
    /// and its object. A kid with `/Kids` is a node, a kid that is not a dictionary is
    /// skipped (as qpdf and poppler skip it), and any other kid a page, whatever
    /// the nodes' `/Count` say: qpdf counts kids and believes no count (poppler believes
    /// only the root's), so a count that lies must not move a page's number.
    ///
    /// Each node's kids are read once, so the work is bounded by the file: a node
    /// reached a second time (a loop, or a subtree two nodes share, whose pages qpdf
    /// would copy), a node written directly in `/Kids`, or a tree deeper than 64 levels
    /// ends the walk with `.unreadablePDF` (the caller rewrites the file with qpdf).
    /// Handles are released after every page, and what qpdf parsed is dropped every
    /// `interval` pages or more (if given; `ReopeningSchedule`: no more often than the pages'
    /// own time pays for, since each drop costs a reading of the cross-reference table), so
    /// memory stays flat in the page count. `visit` must keep no handle. Returns how many
    /// times the document was reopened.
    ///
    /// The corresponding C functions are `qpdf_get_root`, `qpdf_oh_get_key`, `qpdf_get_object_by_id`
    /// and `qpdf_oh_get_array_item`.
    @discardableResult
    func walkPages(reopeningEvery interval: Int?,
                   _ visit: (PagePlace, qpdf_oh) throws(IncrementalUpdateError) -> Void) throws(IncrementalUpdateError) -> Int {
        // The catalog through the trailer, not `qpdf_get_root`, which prints "application did not
        // handle error" on stderr when the file has none.
        guard let root = value(trailer, "/Root"), isDictionary(root), let pages = value(root, "/Pages") else { return 0 }
        guard isIndirect(pages) else { throw .unreadablePDF(path: path, reason: "the page tree's root is not an object") }
        var stack: [(id: Int32, generation: Int32, index: Int32)] = [(qpdf_oh_get_object_id(data, pages), qpdf_oh_get_generation(data, pages), 0)]
        var nodes: Set<Int64> = [Self.key(stack[0].id, stack[0].generation)]
        var schedule = interval.map { ReopeningSchedule(every: $0, openingCost: openingCost) }
        var reopenings = 0
        releaseHandles()
        while let top = stack.last {
            let node = qpdf_get_object_by_id(data, top.id, top.generation)
            guard let kids = value(node, "/Kids"), isArray(kids), top.index < qpdf_oh_get_array_n_items(data, kids) else {
                stack.removeLast()
                continue
            }
            let kid = qpdf_oh_get_array_item(data, kids, top.index)
            stack[stack.count - 1].index += 1
            // A kid that is not a dictionary (a reference to no object, a number) is no page:
            // qpdf's list of pages and poppler both leave it out, so it must not move a page's number.
            guard isDictionary(kid) else { continue }
            if value(kid, "/Kids") != nil {
                let id = qpdf_oh_get_object_id(data, kid), generation = qpdf_oh_get_generation(data, kid)
                guard isIndirect(kid) else { throw .unreadablePDF(path: path, reason: "a page-tree node is not an object") }
                guard stack.count < 64 else { throw .unreadablePDF(path: path, reason: "the page tree is deeper than 64 levels") }
                guard nodes.insert(Self.key(id, generation)).inserted else {
                    throw .unreadablePDF(path: path, reason: "the page tree reaches node \(id) \(generation) R twice")
                }
                stack.append((id, generation, 0))
                continue
            }
            let direct = !isIndirect(kid)
            let place = PagePlace(id: direct ? 0 : qpdf_oh_get_object_id(data, kid), generation: direct ? 0 : qpdf_oh_get_generation(data, kid),
                                  parent: top.id, parentGeneration: top.generation, index: top.index)
            try visit(place, kid)
            releaseHandles()
            if schedule?.pageDone() == true {
                try schedule?.reopen { () throws(IncrementalUpdateError) in try reopen() }
                reopenings += 1
            }
        }
        return reopenings
    }

    private static func key(_ id: Int32, _ generation: Int32) -> Int64 { Int64(id) << 32 | Int64(generation) }

    /// The object `id generation R` (null when the file has none such).
    ///
    /// The corresponding C function is `qpdf_get_object_by_id`.
    func object(_ id: Int32, _ generation: Int32) -> qpdf_oh { qpdf_get_object_by_id(data, id, generation) }

    /// Invalidates every handle made so far (the objects qpdf parsed stay cached).
    ///
    /// The corresponding C function is `qpdf_oh_release_all`.
    func releaseHandles() { qpdf_oh_release_all(data) }

    // MARK: Objects

    func objectID(_ object: qpdf_oh) -> Int { Int(qpdf_oh_get_object_id(data, object)) }
    func generation(_ object: qpdf_oh) -> Int { Int(qpdf_oh_get_generation(data, object)) }
    func isNull(_ object: qpdf_oh) -> Bool { qpdf_oh_is_null(data, object) != 0 }
    func isArray(_ object: qpdf_oh) -> Bool { qpdf_oh_is_array(data, object) != 0 }
    func isDictionary(_ object: qpdf_oh) -> Bool { qpdf_oh_is_dictionary(data, object) != 0 }
    func isString(_ object: qpdf_oh) -> Bool { qpdf_oh_is_string(data, object) != 0 }
    func integer(_ object: qpdf_oh) -> Int? {
        qpdf_oh_is_integer(data, object) != 0 ? Int(qpdf_oh_get_int_value(data, object)) : nil
    }

    /// The entry `key` (with its `/`) of a dictionary; nil when absent or null,
    /// or when `object` is not a dictionary (asking that would make qpdf warn).
    ///
    /// The corresponding C function is `qpdf_oh_get_key`.
    /// An indirect entry is returned without being read (copied as a reference,
    /// it need not be: a reference to a missing object reads as null anyway).
    func value(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        guard isDictionary(object) else { return nil }
        let value = qpdf_oh_get_key(data, object, key)
        if qpdf_oh_is_indirect(data, value) != 0 { return value }
        return isNull(value) ? nil : value
    }

    /// `key` here or on a `/Parent` (page-tree inheritance).
    func inherited(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        var node = object
        for _ in 0..<64 {
            if let found = value(node, key) { return found }
            guard let parent = value(node, "/Parent") else { return nil }
            node = parent
        }
        return nil
    }

    /// A dictionary's keys, each with its `/`, in qpdf's (sorted) order.
    ///
    /// The corresponding C functions are `qpdf_oh_begin_dict_key_iter`, `qpdf_oh_dict_more_keys` and `qpdf_oh_dict_next_key`.
    func keys(_ object: qpdf_oh) -> [String] {
        guard isDictionary(object) else { return [] }
        var keys: [String] = []
        qpdf_oh_begin_dict_key_iter(data, object)
        while qpdf_oh_dict_more_keys(data) != 0 { keys.append(String(cString: qpdf_oh_dict_next_key(data))) }
        return keys
    }

    func items(_ array: qpdf_oh) -> [qpdf_oh] {
        guard isArray(array) else { return [] }
        return (0..<qpdf_oh_get_array_n_items(data, array)).map { qpdf_oh_get_array_item(data, array, $0) }
    }

    /// The object as PDF syntax: `12 0 R` for an indirect one, its value for a direct one.
    ///
    /// The corresponding C function is `qpdf_oh_unparse`.
    func unparse(_ object: qpdf_oh) -> String { String(cString: qpdf_oh_unparse(data, object)) }

    /// A dictionary key as PDF syntax (`#` escapes where needed).
    ///
    /// The corresponding C functions are `qpdf_oh_new_name` and `qpdf_oh_unparse`.
    func unparseName(_ key: String) -> String {
        let isPlain = key.utf8.dropFirst().allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E || c == 0x2D || c == 0x5F
        }
        return isPlain ? key : unparse(qpdf_oh_new_name(data, key))
    }
}
