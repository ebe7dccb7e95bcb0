import Foundation
import InkModel

/// A document's `.content` file: its kind and its pages in the order the
/// tablet shows them, each with the PDF page it shows (if any).
struct ReMarkableContent: Sendable {
    struct Page: Sendable, Equatable {
        var id: String
        /// 0-based PDF page shown under the ink; nil for a page inserted into a PDF, and for notebook pages.
        var pdfPage: Int?
        var template: String?
    }

    /// "pdf", "epub" or "notebook" (also for the empty `fileType` firmware 1.x writes for a notebook).
    var fileType: String
    var orientation: String?
    var pages: [Page]
    /// Whether the file lists its pages (`pages`, `cPages`): firmware 1.x does not, and names
    /// its pages' files by their 0-based index (`UUID/0.rm`, `UUID/1.rm`, …).
    var listsPages: Bool
    /// `pageCount` when the file gives it (a whole number, at most `InkRange.maximumPageCount`).
    var declaredPageCount: Int?
    var deletedPages: Int
    /// The whole file, for the ink-layers header.
    var json: JSONValue

    /// Whether bytes are a `.content` file (a JSON object with `fileType`, `pages` or `cPages`).
    static func looksLikeContent(_ bytes: [UInt8]) -> Bool {
        guard bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{"),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return false }
        return object["fileType"] != nil || object["pages"] != nil || object["cPages"] != nil
    }

    init(bytes: [UInt8], path: String) throws(ReMarkableImportError) {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw .badContent(path: path, reason: "not JSON: \(error.localizedDescription)")
        }
        guard let object = parsed as? [String: Any] else { throw .badContent(path: path, reason: "not a JSON object") }
        let declaredType = object["fileType"] as? String ?? ""
        fileType = declaredType.isEmpty ? "notebook" : declaredType
        listsPages = object["cPages"] is [String: Any] || object["pages"] is [Any]
        declaredPageCount = nil
        // Only a file that lists no pages is counted by it: there, a count no document may have is an error.
        if !listsPages, let count = object["pageCount"] as? NSNumber, !Self.isBool(count) {
            let number = count.doubleValue
            guard number.isFinite, number == number.rounded(), number >= 0, number <= Double(InkRange.maximumPageCount) else {
                throw .badContent(path: path, reason: "pageCount is \(count), not a page count (0 … \(InkRange.maximumPageCount))")
            }
            declaredPageCount = Int(number)
        }
        orientation = object["orientation"] as? String
        json = Self.value(parsed)
        deletedPages = 0
        if let cPages = object["cPages"] as? [String: Any] {
            guard let list = cPages["pages"] as? [[String: Any]] else {
                throw .badContent(path: path, reason: "cPages has no pages list")
            }
            try Self.checkPageCount(list.count, key: "cPages.pages", path: path)
            var entries: [(index: String, order: Int, page: Page)] = []
            for (order, entry) in list.enumerated() {
                guard let id = entry["id"] as? String, !id.isEmpty else {
                    throw .badContent(path: path, reason: "cPages page \(order + 1) has no id")
                }
                try Self.checkID(id, key: "cPages.pages[\(order)].id", path: path)
                if let deleted = entry["deleted"] as? [String: Any], Self.isNonZero(deleted["value"]) {
                    deletedPages += 1
                    continue
                }
                let redirect = try (entry["redir"] as? [String: Any]).flatMap { redir throws(ReMarkableImportError) in
                    try Self.pageIndex(redir["value"], key: "cPages.pages[\(order)].redir.value", path: path)
                }
                let template = (entry["template"] as? [String: Any])?["value"] as? String
                let index = (entry["idx"] as? [String: Any])?["value"] as? String ?? ""
                entries.append((index, order, Page(id: id, pdfPage: redirect.flatMap { $0 >= 0 ? $0 : nil }, template: template)))
            }
            // Pages are kept in the order of their fractional index strings; the list's order breaks ties.
            entries.sort { $0.index != $1.index ? $0.index < $1.index : $0.order < $1.order }
            pages = entries.map(\.page)
        } else if let list = object["pages"] as? [Any] {
            try Self.checkPageCount(list.count, key: "pages", path: path)
            let ids = try list.enumerated().map { (i, value) throws(ReMarkableImportError) -> String in
                guard let id = value as? String, !id.isEmpty else { throw .badContent(path: path, reason: "page \(i + 1) has no id") }
                try Self.checkID(id, key: "pages[\(i)]", path: path)
                return id
            }
            var redirects: [Int] = []
            if let map = object["redirectionPageMap"] as? [Any] {
                try Self.checkPageCount(map.count, key: "redirectionPageMap", path: path)
                for (i, value) in map.enumerated() {
                    if let index = try Self.pageIndex(value, key: "redirectionPageMap[\(i)]", path: path) { redirects.append(index) }
                }
            }
            let usesRedirects = !redirects.isEmpty && redirects.count == ids.count
            pages = ids.enumerated().map { i, id in
                let pdfPage: Int? = usesRedirects ? (redirects[i] >= 0 ? redirects[i] : nil) : i
                return Page(id: id, pdfPage: pdfPage, template: nil)
            }
        } else {
            pages = []
        }
        if fileType == "notebook" { pages = pages.map { Page(id: $0.id, pdfPage: nil, template: $0.template) } }
    }

    /// A page's 0-based PDF page (`redir`, an entry of `redirectionPageMap`), negative (the
    /// tablet's −1) for a page inserted into the PDF; nil when the value is not a number at all
    /// (left out, as ever); an error naming `key` when it is not a whole number, or lies outside
    /// ±`InkRange.maximumPageCount`, so that no `+ 1` on it can overflow.
    private static func pageIndex(_ value: Any?, key: String, path: String) throws(ReMarkableImportError) -> Int? {
        let number: Double
        if let n = value as? NSNumber, !isBool(n) {
            number = n.doubleValue
        } else if let s = value as? String {
            // A string the way some firmware writes numbers; not a number at all is no page, as before.
            guard let d = Double(s.trimmingCharacters(in: .whitespaces)) else { return nil }
            number = d
        } else {
            return nil
        }
        let limit = Double(InkRange.maximumPageCount)
        guard number.isFinite, number == number.rounded(), abs(number) < limit else {
            throw .badContent(path: path, reason: "\(key) is \(value.map { "\($0)" } ?? "null"), not a PDF page index (−1 … \(InkRange.maximumPageCount - 1))")
        }
        return Int(number)
    }

    /// Whether a `deleted` flag's value says deleted: any number but 0 (or its text).
    private static func isNonZero(_ value: Any?) -> Bool {
        if let n = value as? NSNumber { return n.doubleValue != 0 }
        if let s = value as? String, let d = Double(s) { return d != 0 }
        return false
    }

    /// A page id names files inside the document's folder (`UUID/ID.rm`): one that climbs out
    /// (`..`, an absolute path) is refused.
    private static func checkID(_ id: String, key: String, path: String) throws(ReMarkableImportError) {
        guard ReferencedFile.isContained(id) else {
            throw .badContent(path: path, reason: "\(key) is \"\(id)\", a page id that climbs out of the document's folder")
        }
    }

    private static func checkPageCount(_ count: Int, key: String, path: String) throws(ReMarkableImportError) {
        guard count <= InkRange.maximumPageCount else {
            throw .badContent(path: path, reason: "\(key) lists \(count) pages, more than the \(InkRange.maximumPageCount) a document may have")
        }
    }

    private static func isBool(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    /// A JSON value from what `JSONSerialization` returns.
    static func value(_ any: Any) -> JSONValue {
        switch any {
        case let s as String: return .string(s)
        case let n as NSNumber:
            if isBool(n) { return .bool(n.boolValue) }
            let d = n.doubleValue
            if d == d.rounded(), abs(d) < 1e15 { return .number(Int(d)) }
            return .number(d)
        case let a as [Any]: return .array(a.map(value))
        case let o as [String: Any]: return .object(JSONObject(o.keys.sorted().map { ($0, value(o[$0]!)) }))
        default: return .null
        }
    }
}
