// A libFuzzer target for the reMarkable lines-file reader (versions 3, 5 and 6):
// every input is read as a `.rm` page, and every line and highlight it yields is
// turned into strokes as an import would (on the paper, turned, and over a PDF
// page, whose geometry depends on nothing but the page's paper); any outcome but a page or a thrown
// error (a crash, a trap, a hang, unbounded memory) is a finding. Built and run by
// `scripts/fuzz.sh SECONDS remarkable`, seeded with the corpus's `.rm` files.
// Compiled together with Sources/InkModel and the reader's files of
// Sources/InkImport/ReMarkable (see scripts/fuzz.sh), so no import is needed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReMarkableLines(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    guard let page = try? LinesFileReader.read(bytes: bytes, path: "fuzz.rm") else { return 0 }
    let onPaper = ReMarkablePageGeometry.notebook(version: page.version, paperSize: page.paperSize, farthest: (nil, nil)).geometry
    let turned = ReMarkablePageGeometry.notebook(version: page.version, paperSize: page.paperSize, farthest: (nil, nil),
                                                 landscape: true).geometry
    let onPDF = ReMarkablePageGeometry.pdf(version: page.version, pdfSize: (width: 842, height: 595))
    for layer in page.layers {
        for item in layer.items {
            for geometry in [onPaper, turned, onPDF] {
                switch item {
                case .line(let line):
                    // A point outside InkRange is refused (thrown); a stroke that is built keeps to it.
                    if let stroke = try? ReMarkableStrokeBuilder.stroke(from: line, geometry: geometry, version: page.version) {
                        // A stroke that reaches the model has finite coordinates and widths.
                        for point in stroke.points where !(InkRange.isCoordinate(point.x) && InkRange.isCoordinate(point.y)
                                                           && InkRange.isWidth(point.w)
                                                           && point.azimuth >= 0 && point.azimuth <= 2 * .pi) {
                            fatalError("a point outside InkRange or an azimuth outside 0 … 2π in a built stroke")
                        }
                    }
                case .highlight(let glyph):
                    _ = try? ReMarkableStrokeBuilder.strokes(from: glyph, geometry: geometry)
                }
            }
        }
    }
    return 0
}
