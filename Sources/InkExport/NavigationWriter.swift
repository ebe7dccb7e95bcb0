import CCairo
import Foundation

/// Re-creates links and the outline in the flattened file with cairo's tags,
/// for the pages kept.
///
/// cairo 1.16 drops a `page=` link to a page not yet written, so links to the
/// current or a later page go through a named destination emitted when that
/// page is drawn; links back use `page=` and `pos=`. The whole document is
/// wrapped in a `Document` structure tag: without it, cairo's link-only
/// structure tree leaves dangling objects that `qpdf --check` rejects.
final class NavigationWriter {
    /// Output page number for each kept source page.
    private let outputPage: [Int: Int]
    private var pendingDestinations: [Int: [(name: String, x: Double, y: Double)]] = [:]
    private var destinationNames: [String: String] = [:]
    private var started = false

    init(keptPages: [Int]) {
        var map: [Int: Int] = [:]
        for (index, page) in keptPages.enumerated() { map[page] = index + 1 }
        outputPage = map
    }

    /// Adds the outline; entries that lead to pages left out are dropped and their children move up.
    ///
    /// The corresponding C function is `cairo_pdf_surface_add_outline`.
    func addOutline(_ items: [OutlineItem], to writer: CairoPDFWriter) {
        func add(_ items: [OutlineItem], parent: Int32) {
            for item in items {
                var attributes: String?
                switch item.target {
                case .none: attributes = ""
                case .uri(let uri): attributes = "uri='\(Self.escape(Self.percentEncode(uri)))'"
                case .page(let page, let x, let y):
                    if let output = outputPage[page] { attributes = Self.pageAttributes(output, x, y) }
                }
                guard let attributes else {
                    add(item.children, parent: parent)
                    continue
                }
                let flags = item.isOpen && !item.children.isEmpty ? CAIRO_PDF_OUTLINE_FLAG_OPEN : cairo_pdf_outline_flags_t(0)
                let id = writer.addOutline(parent: parent, title: item.title, attributes: attributes, flags: flags)
                if id > 0 { add(item.children, parent: id) }
            }
        }
        add(items, parent: Int32(CAIRO_PDF_OUTLINE_ROOT))
    }

    /// Call once the output page's size is set and before anything is drawn on it.
    func beginPage(source: Int, on writer: CairoPDFWriter) {
        let context = writer.context
        if !started {
            cairo_tag_begin(context, "Document", nil)
            started = true
        }
        guard let output = outputPage[source], let destinations = pendingDestinations.removeValue(forKey: output) else { return }
        for destination in destinations {
            cairo_tag_begin(context, CAIRO_TAG_DEST, "name='\(destination.name)' x=\(Self.number(destination.x)) y=\(Self.number(destination.y))")
            cairo_tag_end(context, CAIRO_TAG_DEST)
        }
    }

    /// Writes the page's links; those leading to pages left out are dropped.
    func addLinks(_ links: [PageLink], source: Int, on writer: CairoPDFWriter) {
        guard let current = outputPage[source] else { return }
        let context = writer.context
        for link in links where link.width > 0 && link.height > 0 {
            let target: String
            switch link.target {
            case .uri(let uri):
                target = "uri='\(Self.escape(Self.percentEncode(uri)))'"
            case .page(let page, let x, let y):
                guard let output = outputPage[page] else { continue }
                if output < current {
                    target = Self.pageAttributes(output, x, y)
                } else {
                    target = "dest='\(destination(page: output, x: x ?? 0, y: y ?? 0))'"
                }
            }
            let rect = "rect=[\(Self.number(link.x)) \(Self.number(link.y)) \(Self.number(link.width)) \(Self.number(link.height))]"
            cairo_tag_begin(context, CAIRO_TAG_LINK, "\(rect) \(target)")
            cairo_tag_end(context, CAIRO_TAG_LINK)
        }
    }

    /// Call after the last page is shown.
    func finish(on writer: CairoPDFWriter) {
        if started { cairo_tag_end(writer.context, "Document") }
    }

    /// A destination name for a place on a page not yet finished (ASCII only:
    /// cairo 1.16 encodes other names differently on the two sides).
    private func destination(page: Int, x: Double, y: Double) -> String {
        let key = "\(page) \(Self.number(x)) \(Self.number(y))"
        if let name = destinationNames[key] { return name }
        let name = "inkpdf.\(destinationNames.count + 1)"
        destinationNames[key] = name
        pendingDestinations[page, default: []].append((name, x, y))
        return name
    }

    private static func pageAttributes(_ page: Int, _ x: Double?, _ y: Double?) -> String {
        guard x != nil || y != nil else { return "page=\(page)" }
        return "page=\(page) pos=[\(number(x ?? 0)) \(number(y ?? 0))]"
    }

    /// A number as cairo's attribute parser reads it (no exponent).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.3f", value)
    }

    /// Escapes `\` and `'` for a quoted cairo attribute string.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// cairo writes a URI into the PDF unescaped, so bytes that would break the
    /// PDF string (parentheses, backslashes), quotes, spaces, controls and
    /// non-ASCII are percent-encoded; existing `%XX` escapes are kept.
    static func percentEncode(_ uri: String) -> String {
        var out = ""
        for byte in uri.utf8 {
            switch byte {
            case 0x21...0x7E where !"()\\'\"<>{}|^`".utf8.contains(byte):
                out.append(Character(UnicodeScalar(byte)))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
