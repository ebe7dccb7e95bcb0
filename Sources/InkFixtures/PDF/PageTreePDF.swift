import Foundation

/// A PDF written by hand whose page tree has the shape a test asks for: page
/// objects listed more than once, intermediate nodes whose `/Count` is wrong,
/// a trailer `/ID` or none. Cairo and qpdf write only sound trees, so files
/// like these (which other tools do write) are made byte by byte here.
///
/// Page object k (1-based) is `width` × `height` points, with a black square
/// at the top-left (10, 10, 30 × 30, top-down) and a black 10-point mark at
/// (20 k, 60): a render tells which page object a page is.
public enum PageTreePDF {
    /// A kid of a page-tree node: page object k, or an intermediate node with
    /// its kids and the `/Count` it claims (nil: the true count).
    public indirect enum Kid: Sendable {
        case page(Int)
        case node([Kid], count: Int? = nil)

        /// The number of leaves below, as a walk of `/Kids` finds them.
        var leafCount: Int {
            switch self {
            case .page: 1
            case .node(let kids, _): kids.reduce(0) { $0 + $1.leafCount }
            }
        }
    }

    public static let width = 300.0, height = 400.0

    /// Writes the file: page objects `1...pageObjects`, the root's kids `kids`
    /// (its `/Count` the true leaf count), a classic cross-reference table, and
    /// the trailer `/ID [<first> <second>]` when `id` is given (hex digits).
    public static func write(to path: String, pageObjects: Int, kids: [Kid], id: (String, String)? = nil) throws {
        // Objects: 1 catalog, 2 root node, 3… page objects, then their contents, then intermediate nodes.
        var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>", ""]
        let firstPage = 3, firstContent = firstPage + pageObjects
        var parents = [Int](repeating: 2, count: pageObjects + 1)
        var nodes: [(kids: [String], count: Int, parent: Int)] = []
        let nodeBase = firstContent + pageObjects

        func references(_ kids: [Kid], parent: Int) -> [String] {
            kids.map { kid in
                switch kid {
                case .page(let k):
                    parents[k] = parent
                    return "\(firstPage + k - 1) 0 R"
                case .node(let grandchildren, let count):
                    let index = nodes.count
                    nodes.append(([], count ?? kid.leafCount, parent))
                    nodes[index].kids = references(grandchildren, parent: nodeBase + index)
                    return "\(nodeBase + index) 0 R"
                }
            }
        }
        let rootKids = references(kids, parent: 2)
        let total = kids.reduce(0) { $0 + $1.leafCount }
        objects[1] = "<< /Type /Pages /Count \(total) /Kids [\(rootKids.joined(separator: " "))] >>"
        for k in 1...pageObjects {
            objects.append("<< /Type /Page /Parent \(parents[k]) 0 R /MediaBox [0 0 \(Int(width)) \(Int(height))]"
                           + " /Resources << >> /Contents \(firstContent + k - 1) 0 R >>")
        }
        for k in 1...pageObjects {
            let top = Int(height)
            let content = "0 g 10 \(top - 40) 30 30 re f \(20 * k) \(top - 70) 10 10 re f\n"
            objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream")
        }
        for node in nodes {
            objects.append("<< /Type /Pages /Parent \(node.parent) 0 R /Count \(node.count) /Kids [\(node.kids.joined(separator: " "))] >>")
        }

        try HandWrittenPDF.write(objects, trailer: id.map { " /ID [<\($0.0)> <\($0.1)>]" } ?? "", to: path)
    }

    /// The page object (1-based) a render of a page shows: the one whose mark is black.
    public static func pageObject(shownBy raster: Raster, pageObjects: Int, scale: Double = 1) -> Int? {
        let marked = (1...pageObjects).filter { k in
            let pixel = raster.pixel(Int(Double(20 * k + 5) * scale), Int(65 * scale))
            return pixel.r < 60 && pixel.g < 60 && pixel.b < 60
        }
        return marked.count == 1 ? marked[0] : nil
    }
}
