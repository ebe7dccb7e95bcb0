import CQPDF

/// Each page's `/Rotate` (normalised as viewers do: 0, 90, 180 or 270) and
/// `/MediaBox`, read with qpdf: poppler-glib 22.12 has no getter for either
/// (the displayed size only tells 0/180 from 90/270).
enum PageRotations {
    /// `result[i]` is page i + 1's rotation, or nil when qpdf cannot read the file.
    ///
    /// The corresponding C functions are `qpdf_get_page_n` and `qpdf_oh_get_key`.
    static func read(path: String, password: String?) -> [Int]? {
        guard let document = try? QPDFDocument(path: path, password: password) else { return nil }
        return document.withUnsafeHandle { qpdf in
            (0..<document.pageCount).map { index in
                normalise(inherited(qpdf, page: index, key: "/Rotate") { qpdf, value in
                    qpdf_oh_is_integer(qpdf, value) != 0 ? Int(qpdf_oh_get_int_value_as_int(qpdf, value)) : nil
                } ?? 0)
            }
        }
    }

    /// Page `number`'s MediaBox width and height, or nil.
    ///
    /// The corresponding C functions are `qpdf_oh_get_array_item` and `qpdf_oh_get_numeric_value`.
    static func mediaBoxSize(path: String, password: String?, page number: Int) -> (Double, Double)? {
        guard let document = try? QPDFDocument(path: path, password: password), number <= document.pageCount else { return nil }
        return document.withUnsafeHandle { qpdf in
            inherited(qpdf, page: number - 1, key: "/MediaBox") { qpdf, box -> (Double, Double)? in
                guard qpdf_oh_is_array(qpdf, box) != 0, qpdf_oh_get_array_n_items(qpdf, box) == 4 else { return nil }
                let values = (0..<4).map { index -> Double in
                    let item = qpdf_oh_get_array_item(qpdf, box, Int32(index))
                    defer { qpdf_oh_release(qpdf, item) }
                    return qpdf_oh_get_numeric_value(qpdf, item)
                }
                return (abs(values[2] - values[0]), abs(values[3] - values[1]))
            }
        }
    }

    /// A multiple of 90 brought into 0 … 270; anything else counts as 0, as poppler does.
    static func normalise(_ rotate: Int) -> Int {
        let wrapped = ((rotate % 360) + 360) % 360
        return wrapped % 90 == 0 ? wrapped : 0
    }

    /// `key` of page `index`, or of the nearest page-tree node above it that has
    /// one (an inheritable attribute), as `read` makes of it. Looked up node by
    /// node rather than with qpdf_push_inherited_attributes_to_page, which would
    /// copy every inherited key into every page.
    private static func inherited<Value>(_ qpdf: qpdf_data, page index: Int, key: String,
                                         _ read: (qpdf_data, qpdf_oh) -> Value?) -> Value? {
        var node = qpdf_get_page_n(qpdf, index)
        defer { qpdf_oh_release(qpdf, node) }
        for _ in 0..<64 {   // page trees that loop are cut off
            let value = qpdf_oh_get_key(qpdf, node, key)
            defer { qpdf_oh_release(qpdf, value) }
            if let result = read(qpdf, value) { return result }
            let parent = qpdf_oh_get_key(qpdf, node, "/Parent")
            qpdf_oh_release(qpdf, node)
            node = parent
            guard qpdf_oh_is_dictionary(qpdf, node) != 0 else { return nil }
        }
        return nil
    }
}
