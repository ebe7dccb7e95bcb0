import LibPoppler
import InkFixtures
import InkPipeline

/// What of a source PDF's navigation and metadata a flattened copy kept, as
/// poppler reads both (the benchmark's measure on real-world documents):
/// links at the same place (each edge within 1 pt) to the same page or URI, outline entries
/// with the same title, target page, nesting and order, and the metadata
/// fields the source has.
public struct DocumentComparison: Sendable, Equatable {
    public var links = 0, linksKept = 0
    public var outlineEntries = 0, outlineEntriesKept = 0
    public var metadataFields = 0, metadataFieldsKept = 0
    public var labels = 0, labelsKept = 0

    public static func compare(source sourcePath: String, output outputPath: String) throws -> DocumentComparison {
        let source = try PDFDocument.open(path: sourcePath), output = try PDFDocument.open(path: outputPath)
        var result = DocumentComparison()
        for number in 1...source.pageCount {
            let page = try source.page(number)
            let sourceLinks = source.links(on: page)
            let label = source.label(of: page)
            result.links += sourceLinks.count
            result.labels += 1
            guard number <= output.pageCount else { continue }
            let copy = try output.page(number)
            var remaining = output.links(on: copy)
            for link in sourceLinks {
                if let match = remaining.firstIndex(where: { sameLink($0, link) }) {
                    remaining.remove(at: match)
                    result.linksKept += 1
                }
            }
            if output.label(of: copy) == label { result.labelsKept += 1 }
        }
        let sourceOutline = flattened(source.outline()), outputOutline = flattened(output.outline())
        result.outlineEntries = sourceOutline.count
        result.outlineEntriesKept = zip(sourceOutline, outputOutline).filter { $0 == $1 }.count
        let a = source.info, b = output.info
        let fields: [(String?, String?)] = [(a.title, b.title), (a.author, b.author), (a.subject, b.subject),
                                            (a.keywords, b.keywords), (a.creator, b.creator), (a.creationDate, b.creationDate)]
        for (mine, theirs) in fields where mine.map({ !$0.isEmpty }) == true {
            result.metadataFields += 1
            if mine == theirs { result.metadataFieldsKept += 1 }
        }
        return result
    }

    /// Entries in document order: depth, title and target page.
    public static func flattened(_ items: [OutlineItem], depth: Int = 0) -> [String] {
        items.flatMap { item -> [String] in
            var page = "-"
            if case .page(let number, _, _) = item.target { page = "\(number)" }
            if case .uri(let uri) = item.target { page = uri }
            return ["\(depth)|\(item.title)|\(page)"] + flattened(item.children, depth: depth + 1)
        }
    }

    public static func sameLink(_ a: PageLink, _ b: PageLink) -> Bool {
        // Each edge within 1 pt (cairo writes link rectangles rounded out to whole points).
        let close = abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs((a.x + a.width) - (b.x + b.width)) <= 1
            && abs((a.y + a.height) - (b.y + b.height)) <= 1
        switch (a.target, b.target) {
        case (.uri(let x), .uri(let y)): return close && x == y
        case (.page(let p, _, _), .page(let q, _, _)): return close && p == q
        default: return false
        }
    }

    /// One line: `links KEPT/ALL outline KEPT/ALL metadata KEPT/ALL labels KEPT/ALL`.
    public var line: String {
        "links \(linksKept)/\(links) outline \(outlineEntriesKept)/\(outlineEntries) metadata \(metadataFieldsKept)/\(metadataFields) labels \(labelsKept)/\(labels)"
    }
}
