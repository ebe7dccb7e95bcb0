import CQPDF

/// Each page's `/Rotate`, normalised as viewers do (0, 90, 180 or 270).
///
/// poppler-glib 22.12 has no getter for it (the displayed size only tells
/// 0/180 from 90/270), so qpdf reads it; where qpdf cannot read a file that
/// poppler repaired, the rotation is guessed from the page's shape.
enum PageRotations {
    /// Page `number`'s MediaBox width and height (inherited if need be), or nil.
    ///
    /// The corresponding C functions are `qpdf_read`, `qpdf_get_page_n`, `qpdf_oh_get_key`
    /// and `qpdf_oh_get_numeric_value`.
    static func mediaBoxSize(path: String, password: String?, page number: Int) -> (Double, Double)? {
        let qpdf = qpdf_init()
        defer {
            var handle = qpdf
            qpdf_cleanup(&handle)
        }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, 1)
        guard qpdf_read(qpdf, path, password) & QPDF_ERRORS == 0, number <= qpdf_get_num_pages(qpdf) else { return nil }
        var node = qpdf_get_page_n(qpdf, number - 1)
        defer { qpdf_oh_release(qpdf, node) }
        for _ in 0..<64 {
            let box = qpdf_oh_get_key(qpdf, node, "/MediaBox")
            defer { qpdf_oh_release(qpdf, box) }
            if qpdf_oh_is_array(qpdf, box) != 0, qpdf_oh_get_array_n_items(qpdf, box) == 4 {
                let values = (0..<4).map { index -> Double in
                    let item = qpdf_oh_get_array_item(qpdf, box, Int32(index))
                    defer { qpdf_oh_release(qpdf, item) }
                    return qpdf_oh_get_numeric_value(qpdf, item)
                }
                return (abs(values[2] - values[0]), abs(values[3] - values[1]))
            }
            let parent = qpdf_oh_get_key(qpdf, node, "/Parent")
            qpdf_oh_release(qpdf, node)
            node = parent
            if qpdf_oh_is_dictionary(qpdf, node) == 0 { return nil }
        }
        return nil
    }

    /// `result[i]` is page i + 1's rotation, or nil when qpdf cannot read the file.
    ///
    /// The corresponding C functions are `qpdf_read`, `qpdf_get_page_n` and `qpdf_oh_get_key`.
    static func read(path: String, password: String?) -> [Int]? {
        let qpdf = qpdf_init()
        defer {
            var handle = qpdf
            qpdf_cleanup(&handle)
        }
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, 1)
        guard qpdf_read(qpdf, path, password) & QPDF_ERRORS == 0 else { return nil }
        let count = qpdf_get_num_pages(qpdf)
        guard count > 0 else { return nil }
        var rotations: [Int] = []
        rotations.reserveCapacity(Int(count))
        for index in 0..<count {
            // /Rotate is inheritable: look up the page-tree parents until one has it
            // (rather than qpdf_push_inherited_attributes_to_page, which copies every inherited key into every page).
            var node = qpdf_get_page_n(qpdf, Int(index))
            var value = 0
            for _ in 0..<64 {
                let rotate = qpdf_oh_get_key(qpdf, node, "/Rotate")
                defer { qpdf_oh_release(qpdf, rotate) }
                if qpdf_oh_is_integer(qpdf, rotate) != 0 {
                    value = Int(qpdf_oh_get_int_value_as_int(qpdf, rotate))
                    break
                }
                let parent = qpdf_oh_get_key(qpdf, node, "/Parent")
                qpdf_oh_release(qpdf, node)
                node = parent
                if qpdf_oh_is_dictionary(qpdf, node) == 0 { break }
            }
            qpdf_oh_release(qpdf, node)
            rotations.append(normalise(value))
        }
        return rotations
    }

    /// A multiple of 90 brought into 0 … 270; anything else counts as 0, as poppler does.
    static func normalise(_ rotate: Int) -> Int {
        let wrapped = ((rotate % 360) + 360) % 360
        return wrapped % 90 == 0 ? wrapped : 0
    }
}
