import LibQPDF

/// Sets what cairo 1.16 cannot write, `/Rotate` and a `/CropBox`, on a PDF
/// that cairo produced, and writes the result with a deterministic `/ID`.
public enum PageBoxEditor {
    /// Reads `input`, applies each page's rotation and crop box, writes `output` (object streams as
    /// the input had them); a warning qpdf gives while writing is an error.
    public static func apply(_ pages: [PageGeometry], input: String, output: String) throws {
        let document: QPDFDocument
        do { document = try QPDFDocument(path: input) } catch { throw SampleError.qpdf(path: input, message: message(error)) }
        let count = document.pageCount
        guard count == pages.count else {
            throw SampleError.qpdf(path: input, message: "expected \(pages.count) pages, found \(count)")
        }
        for (index, geometry) in pages.enumerated() where geometry.needsBoxEdit {
            let page = document.page(index + 1)
            if geometry.rotate != 0 { page.set("/Rotate", document.newInteger(geometry.rotate)) }
            if let crop = geometry.crop { page.set("/CropBox", document.parse(crop.pdfArray)) }
            if let error = document.takeError() { throw SampleError.qpdf(path: input, message: error) }
            document.releaseAllObjects()
        }
        let warnings: [String]
        do { warnings = try document.write(to: output, objectStreams: .preserve) } catch { throw SampleError.qpdf(path: output, message: message(error)) }
        if !warnings.isEmpty { throw SampleError.qpdf(path: output, message: "warnings: " + warnings.joined(separator: "; ")) }
    }

    private static func message(_ error: QPDFError) -> String {
        switch error {
        case .damaged(let reason), .warned(let reason), .cannotCreate(let reason), .writeFailed(let reason, _): reason
        case .passwordRejected, .encrypted: "encrypted"
        }
    }
}
