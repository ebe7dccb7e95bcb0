// What every importer's fuzz target asks of a document an input made (compiled into the
// Xournal++, InkML and rnote targets by scripts/fuzz.sh): each page side, decoration and
// point inside InkRange, ink only on the document's pages, and the layers it wrote reading
// back. Anything else is a finding, reported by trapping.
import Foundation

func checkImported(_ document: ImportedDocument) {
    for page in document.pages {
        guard InkRange.isPageSide(page.width), InkRange.isPageSide(page.height) else {
            fatalError("a page of \(page.width) × \(page.height) reached the model")
        }
        for decoration in page.decorations where !(InkRange.isCoordinate(decoration.x) && InkRange.isCoordinate(decoration.y)
                                                   && decoration.width.isFinite && decoration.height.isFinite) {
            fatalError("a decoration at (\(decoration.x), \(decoration.y)) sized \(decoration.width) × \(decoration.height)")
        }
    }
    do {
        let reader = try InkLayersReader(path: document.layersPath)
        while let layer = try reader.nextLayer() {
            guard layer.page >= 1, layer.page <= document.pages.count else { fatalError("ink for page \(layer.page) of \(document.pages.count)") }
            for stroke in layer.strokes {
                for point in stroke.points where !point.isValid {
                    fatalError("a point outside InkRange in an imported stroke: \(point)")
                }
            }
        }
    } catch {
        fatalError("the layers the importer wrote do not read back: \(error)")
    }
}
