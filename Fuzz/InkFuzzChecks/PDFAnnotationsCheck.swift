import InkImport
@testable import InkModel
@testable import InkPipeline

/// The PDF annotation reader (`PDFAnnotationReader`): every input is saved in a private folder as a
/// PDF and its annotations read as ink, as `inkpdf flatten X.pdf` would; first what poppler would be
/// made to load of them is counted (`PopplerAnnotationBudget.scan`). Layers that do not read back, a
/// point outside InkRange, ink on a page the PDF does not have and a page whose counted points pass
/// its budget are findings.
enum PDFAnnotationsCheck {
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        ScratchFolder.with("pdf-annotations") { folder in
            guard let input = ScratchFolder.save(bytes, as: "input.pdf", in: folder) else { return nil }
            if let scan = PopplerAnnotationBudget.scan(path: input, password: nil) {
                for (page, points) in scan.points where points > PopplerAnnotationBudget.pointsPerPage {
                    return "page \(page) keeps \(points) points for poppler, past the budget"
                }
            }
            guard let read = try? PDFAnnotationReader.read(pdf: input, password: nil, layersForm: .inkLayers, temporaryDirectory: folder,
                                                           keepingStackingOrder: true) else { return nil }
            do {
                let reader = try InkLayersReader(path: read.layersPath)
                let pages = reader.header.pdfPageCount ?? Int.max
                while let layer = try reader.nextLayer() {
                    guard layer.page >= 1, layer.page <= pages else { return "ink for page \(layer.page) of \(pages)" }
                    for stroke in layer.strokes {
                        for point in stroke.points where !point.isValid {
                            return "a point outside InkRange in a stroke read from an annotation: \(point)"
                        }
                    }
                }
            } catch {
                return "the layers the reader wrote do not read back: \(error)"
            }
            return nil
        }
    }
}
