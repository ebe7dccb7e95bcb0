import InkFileSystem
import InkImport
import InkPDFContent
import LibPoppler
import LibQPDF

/// Each page's `/Rotate` (normalised as viewers do: 0, 90, 180 or 270) and
/// `/MediaBox`, read with qpdf: poppler-glib 22.12 has no getter for either
/// (the displayed size only tells 0/180 from 90/270).
enum PageRotations {
    /// `result[i]` is page i + 1's rotation, or nil when qpdf cannot read the file.
    /// `passwordForms` are the forms of the password to try (see `PasswordCandidates`), `[nil]` for none.
    static func read(path: String, passwordForms: [[UInt8]?], pageCount: Int) -> [Int]? {
        // Without a password, walk the page tree (flat in memory); encrypted files, and files
        // qpdf would repair, through qpdf's whole document.
        if passwordForms == [nil], let raw = PageRotationScan.rotations(path: path, pageCount: pageCount) {
            return raw.map(normalise)
        }
        guard let document = try? QPDFDocument(path: path, passwordForms: passwordForms, passwordGiven: passwordForms != [nil])
        else { return nil }
        return (1...document.pageCount).map { number in
            // One page's handles at a time, so that the table does not grow with the page count.
            document.releasingObjects { normalise(document.page(number).inherited("/Rotate")?.integer ?? 0) }
        }
    }

    /// Page `number`'s MediaBox width and height, or nil.
    static func mediaBoxSize(path: String, passwordForms: [[UInt8]?], page number: Int) -> (Double, Double)? {
        guard let document = try? QPDFDocument(path: path, passwordForms: passwordForms, passwordGiven: passwordForms != [nil]),
              number >= 1, number <= document.pageCount,
              let box = document.page(number).inherited("/MediaBox"), box.isArray, box.count == 4 else { return nil }
        let values = box.items.compactMap(\.number)
        guard values.count == 4 else { return nil }
        return (abs(values[2] - values[0]), abs(values[3] - values[1]))
    }

    /// The pages' /Rotate and /MediaBox for a poppler document, read with qpdf; what qpdf parsed
    /// for the rotations is given back to the system at once.
    static let boxes = PageBoxes(rotations: { path, forms, count in
        defer { FreedMemory.release() }
        return read(path: path, passwordForms: forms, pageCount: count)
    }, mediaBoxSize: { path, forms, page in mediaBoxSize(path: path, passwordForms: forms, page: page) })

    /// A multiple of 90 brought into 0 … 270; anything else counts as 0, as poppler does.
    static func normalise(_ rotate: Int) -> Int { PagePlacement.normalisedRotation(rotate) }
}
