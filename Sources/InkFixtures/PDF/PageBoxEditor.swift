import CQPDF

/// Sets what cairo 1.16 cannot write, `/Rotate` and a `/CropBox`, on a PDF
/// that cairo produced, and writes the result with a deterministic `/ID`.
public enum PageBoxEditor {
    /// Reads `input`, applies each page's rotation and crop box, writes `output`.
    /// The corresponding C functions are `qpdf_read`, `qpdf_oh_replace_key` and `qpdf_write`.
    public static func apply(_ pages: [PageGeometry], input: String, output: String) throws {
        var handle: qpdf_data? = qpdf_init()
        defer { qpdf_cleanup(&handle) }
        guard let qpdf = handle else { throw SampleError.qpdf(path: input, message: "qpdf_init failed") }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)

        if qpdf_read(qpdf, input, nil) & QPDF_ERRORS != 0 { throw failure(qpdf, path: input) }
        let count = qpdf_get_num_pages(qpdf)
        guard count == pages.count else {
            throw SampleError.qpdf(path: input, message: "expected \(pages.count) pages, found \(count)")
        }
        for (index, geometry) in pages.enumerated() where geometry.needsBoxEdit {
            let page = qpdf_get_page_n(qpdf, index)
            if geometry.rotate != 0 {
                qpdf_oh_replace_key(qpdf, page, "/Rotate", qpdf_oh_new_integer(qpdf, Int64(geometry.rotate)))
            }
            if let crop = geometry.crop {
                qpdf_oh_replace_key(qpdf, page, "/CropBox", qpdf_oh_parse(qpdf, crop.pdfArray))
            }
            if qpdf_has_error(qpdf) != 0 { throw failure(qpdf, path: input) }
            qpdf_oh_release_all(qpdf)
        }

        if qpdf_init_write(qpdf, output) & QPDF_ERRORS != 0 { throw failure(qpdf, path: output) }
        qpdf_set_deterministic_ID(qpdf, QPDF_TRUE)
        qpdf_set_compress_streams(qpdf, QPDF_TRUE)
        let status = qpdf_write(qpdf)
        if status & QPDF_ERRORS != 0 { throw failure(qpdf, path: output) }
        if status & QPDF_WARNINGS != 0 {
            var messages: [String] = []
            while qpdf_more_warnings(qpdf) != 0, let warning = qpdf_next_warning(qpdf) {
                messages.append(String(cString: qpdf_get_error_full_text(qpdf, warning)))
            }
            throw SampleError.qpdf(path: output, message: "warnings: " + messages.joined(separator: "; "))
        }
    }

    private static func failure(_ qpdf: qpdf_data, path: String) -> SampleError {
        if let error = qpdf_get_error(qpdf) {
            return .qpdf(path: path, message: String(cString: qpdf_get_error_full_text(qpdf, error)))
        }
        return .qpdf(path: path, message: "unknown error")
    }
}
