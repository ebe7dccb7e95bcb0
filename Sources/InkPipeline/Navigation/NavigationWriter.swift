import LibPoppler
import LibCairo
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

    /// `sources[i]` is the source page shown on output page i + 1 (nil: a page of
    /// no source, such as an inserted notebook page). Links to a source page
    /// shown more than once lead to its first showing.
    init(sources: [Int?]) {
        var map: [Int: Int] = [:]
        for (index, page) in sources.enumerated() {
            if let page, map[page] == nil { map[page] = index + 1 }
        }
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
                case .uri(let uri): attributes = CairoTagAttributes.uri(uri)
                case .page(let page, let x, let y):
                    if let output = outputPage[page] { attributes = Self.pageAttributes(output, x, y) }
                }
                guard let attributes else {
                    add(item.children, parent: parent)
                    continue
                }
                let flags = item.isOpen && !item.children.isEmpty ? CairoPDFSurface.OutlineFlags.open : []
                let id = writer.addOutline(parent: parent, title: item.title, attributes: attributes, flags: flags)
                if id > 0 { add(item.children, parent: id) }
            }
        }
        add(items, parent: CairoPDFSurface.outlineRoot)
    }

    /// Call once the output page's size is set and before anything is drawn on it.
    func beginPage(output: Int, on writer: CairoPDFWriter) {
        writer.withContext { context in
            if !started {
                context.tagBegin("Document", attributes: nil)
                started = true
            }
            guard let destinations = pendingDestinations.removeValue(forKey: output) else { return }
            for destination in destinations {
                Self.writeDestination(name: destination.name, x: destination.x, y: destination.y, on: context)
            }
        }
    }

    /// Writes the page's links; those leading to pages left out are dropped.
    func addLinks(_ links: [PageLink], output current: Int, on writer: CairoPDFWriter) {
        writer.withContext { context in addLinks(links, current: current, on: context) }
    }

    private func addLinks(_ links: [PageLink], current: Int, on context: borrowing CairoContext) {
        for link in links where link.width > 0 && link.height > 0 {
            let target: String
            switch link.target {
            case .uri(let uri):
                target = CairoTagAttributes.uri(uri)
            case .page(let page, let x, let y):
                guard let output = outputPage[page] else { continue }
                if output < current {
                    target = Self.pageAttributes(output, x, y)
                } else {
                    target = "dest='\(destination(page: output, x: x ?? 0, y: y ?? 0, current: current, context: context))'"
                }
            }
            let rect = "rect=[\(CairoTagAttributes.number(link.x)) \(CairoTagAttributes.number(link.y)) \(CairoTagAttributes.number(link.width)) \(CairoTagAttributes.number(link.height))]"
            context.tagBegin(CairoTag.link, attributes: "\(rect) \(target)")
            context.tagEnd(CairoTag.link)
        }
    }

    /// Call after the last page is shown.
    func finish(on writer: CairoPDFWriter) {
        if started { writer.withContext { $0.tagEnd("Document") } }
    }

    /// A destination name for a place on a page not yet finished (ASCII only:
    /// cairo 1.16 encodes other names differently on the two sides). A place on
    /// the `current` page is written at once (its page has begun); others when their page begins.
    private func destination(page: Int, x: Double, y: Double, current: Int, context: borrowing CairoContext) -> String {
        let key = "\(page) \(CairoTagAttributes.number(x)) \(CairoTagAttributes.number(y))"
        if let name = destinationNames[key] { return name }
        let name = "inkpdf.\(destinationNames.count + 1)"
        destinationNames[key] = name
        if page == current {
            Self.writeDestination(name: name, x: x, y: y, on: context)
        } else {
            pendingDestinations[page, default: []].append((name, x, y))
        }
        return name
    }

    private static func writeDestination(name: String, x: Double, y: Double, on context: borrowing CairoContext) {
        context.tagBegin(CairoTag.destination, attributes: "name='\(name)' x=\(CairoTagAttributes.number(x)) y=\(CairoTagAttributes.number(y))")
        context.tagEnd(CairoTag.destination)
    }

    private static func pageAttributes(_ page: Int, _ x: Double?, _ y: Double?) -> String {
        guard x != nil || y != nil else { return "page=\(page)" }
        return "page=\(page) pos=[\(CairoTagAttributes.number(x ?? 0)) \(CairoTagAttributes.number(y ?? 0))]"
    }
}
