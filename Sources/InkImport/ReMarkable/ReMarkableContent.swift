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

    /// "pdf", "epub" or "notebook".
    var fileType: String
    var orientation: String?
    var pages: [Page]
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
        fileType = object["fileType"] as? String ?? "notebook"
        orientation = object["orientation"] as? String
        json = Self.value(parsed)
        deletedPages = 0
        if let cPages = object["cPages"] as? [String: Any] {
            guard let list = cPages["pages"] as? [[String: Any]] else {
                throw .badContent(path: path, reason: "cPages has no pages list")
            }
            var entries: [(index: String, order: Int, page: Page)] = []
            for (order, entry) in list.enumerated() {
                guard let id = entry["id"] as? String, !id.isEmpty else {
                    throw .badContent(path: path, reason: "cPages page \(order + 1) has no id")
                }
                if let deleted = entry["deleted"] as? [String: Any], Self.int(deleted["value"]) ?? 0 != 0 {
                    deletedPages += 1
                    continue
                }
                let redirect = (entry["redir"] as? [String: Any]).flatMap { Self.int($0["value"]) }
                let template = (entry["template"] as? [String: Any])?["value"] as? String
                let index = (entry["idx"] as? [String: Any])?["value"] as? String ?? ""
                entries.append((index, order, Page(id: id, pdfPage: redirect.flatMap { $0 >= 0 ? $0 : nil }, template: template)))
            }
            // Pages are kept in the order of their fractional index strings; the list's order breaks ties.
            entries.sort { $0.index != $1.index ? $0.index < $1.index : $0.order < $1.order }
            pages = entries.map(\.page)
        } else if let list = object["pages"] as? [Any] {
            let ids = try list.enumerated().map { (i, value) throws(ReMarkableImportError) -> String in
                guard let id = value as? String, !id.isEmpty else { throw .badContent(path: path, reason: "page \(i + 1) has no id") }
                return id
            }
            let redirects = (object["redirectionPageMap"] as? [Any])?.compactMap { Self.int($0) } ?? []
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

    private static func int(_ value: Any?) -> Int? {
        if let n = value as? NSNumber, !isBool(n) { return n.intValue }
        if let s = value as? String { return Int(s) }
        return nil
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
