@testable import InkModel

/// What every importer's check asks of a document an input made: each page side, decoration and
/// point inside InkRange, ink only on the document's pages, and the layers it wrote reading back.
public enum ImportedDocumentCheck {
    /// The first broken promise of `document`, or nil.
    public static func problem(with document: ImportedDocument) -> String? {
        for page in document.pages {
            guard InkRange.isPageSide(page.width), InkRange.isPageSide(page.height) else {
                return "a page of \(page.width) × \(page.height) reached the model"
            }
            for decoration in page.decorations where !(InkRange.isCoordinate(decoration.x) && InkRange.isCoordinate(decoration.y)
                                                       && decoration.width.isFinite && decoration.height.isFinite) {
                return "a decoration at (\(decoration.x), \(decoration.y)) sized \(decoration.width) × \(decoration.height)"
            }
        }
        do {
            let reader = try InkLayersReader(path: document.layersPath)
            while let layer = try reader.nextLayer() {
                guard layer.page >= 1, layer.page <= document.pages.count else { return "ink for page \(layer.page) of \(document.pages.count)" }
                for stroke in layer.strokes {
                    for point in stroke.points where !point.isValid {
                        return "a point outside InkRange in an imported stroke: \(point)"
                    }
                }
            }
        } catch {
            return "the layers the importer wrote do not read back: \(error)"
        }
        return nil
    }
}
