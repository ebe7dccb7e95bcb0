// A libFuzzer target for the PDF annotation reader (`PDFAnnotationReader`, issue 40): every input
// is saved as a PDF and its annotations read as ink, as `inkpdf flatten X.pdf` would; then what
// poppler would be made to load of them is counted (`PopplerAnnotationBudget.scan`). Any outcome
// but layers or a thrown error (a crash, a trap, a hang, unbounded memory) is a finding, and so
// are layers that do not read back, a point outside InkRange, ink on a page the PDF does not have,
// and a page whose counted points pass its budget. Built and run by
// `scripts/fuzz.sh SECONDS pdf-annotations`, seeded with small generated PDFs and the corpus's
// annotated PDFs (read in place). InkPipeline and what it needs are built by SwiftPM, instrumented
// and testable, and linked in (see scripts/fuzz.sh).
import Foundation
@testable import InkModel
@testable import InkPipeline

private let folder: String = {
    let path = NSTemporaryDirectory() + "inkpdf-pdf-annotations-fuzz-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPDFAnnotations(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = folder + "/input.pdf"
    guard FileManager.default.createFile(atPath: input, contents: Data(bytes: data, count: count)) else { return 0 }
    if let scan = PopplerAnnotationBudget.scan(path: input, password: nil) {
        for (page, points) in scan.points where points > PopplerAnnotationBudget.pointsPerPage {
            fatalError("page \(page) keeps \(points) points for poppler, past the budget")
        }
    }
    guard let read = try? PDFAnnotationReader.read(pdf: input, password: nil, layersForm: .inkLayers, temporaryDirectory: folder,
                                                   keepingStackingOrder: true) else { return 0 }
    defer { unlink(read.layersPath) }
    do {
        let reader = try InkLayersReader(path: read.layersPath)
        let pages = reader.header.pdfPageCount ?? Int.max
        while let layer = try reader.nextLayer() {
            guard layer.page >= 1, layer.page <= pages else { fatalError("ink for page \(layer.page) of \(pages)") }
            for stroke in layer.strokes {
                for point in stroke.points where !point.isValid {
                    fatalError("a point outside InkRange in a stroke read from an annotation: \(point)")
                }
            }
        }
    } catch {
        fatalError("the layers the reader wrote do not read back: \(error)")
    }
    return 0
}
