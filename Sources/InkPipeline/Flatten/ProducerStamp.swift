import InkFileSystem
import LibCairo
import Foundation

/// Names inkpdf as the Producer of a PDF that cairo wrote.
///
/// cairo 1.16 writes `/Producer (cairo 1.16.0 (https://cairographics.org))`
/// into the document information dictionary and has no setting for it. cairo
/// writes that dictionary just before the catalog and the cross-reference
/// table, so once the file is finished the entry is found there (searching
/// back from the offset `startxref` gives) and overwritten in place with
/// inkpdf's name, padded with spaces after the string (whitespace between
/// tokens): no byte moves, so every cross-reference offset stays right.
enum ProducerStamp {
    /// What the Producer entry says after the stamp.
    static let producer = "inkpdf \(InkPDFVersion.current) with cairo \(Cairo.version)"
    /// The entry as cairo writes it.
    static let cairoEntry = Data("/Producer (cairo \(Cairo.version) (https://cairographics.org))".utf8)
    /// How far before the cross-reference table the entry is looked for: the
    /// catalog and the information dictionary (with the metadata strings) lie between.
    static let searchWindow = 1 << 20

    /// Stamps the finished PDF at `path` (named `name` in errors). Leaves a
    /// file without cairo's entry (another cairo, a changed layout) as it is.
    ///
    /// The corresponding C functions are `pread` and `pwrite`.
    static func apply(to path: String, name: String) throws(ExportError) {
        let file = try open(path, name: name)
        let size: Int
        do { size = Int(try file.size()) } catch { throw .writing(.writeFailed(path: name, reason: error.description)) }
        // The file ends "startxref\nOFFSET\n%%EOF\n".
        let tail = try readBack(file, from: max(0, size - 64), count: min(size, 64), name: name)
        guard let keyword = tail.range(of: Data("startxref".utf8), options: .backwards) else { return }
        let digits = tail[keyword.upperBound...].drop { $0 == 10 || $0 == 13 || $0 == 32 }.prefix { (48...57).contains($0) }
        guard let xref = Int(String(decoding: digits, as: UTF8.self)), xref <= size else { return }
        let start = max(0, xref - searchWindow)
        let window = try readBack(file, from: start, count: xref - start, name: name)
        guard let entry = window.range(of: cairoEntry, options: .backwards) else { return }
        let replacement = Array("/Producer (\(producer))".utf8)
        guard replacement.count <= entry.count else { return }
        let padded = replacement + [UInt8](repeating: 32, count: entry.count - replacement.count)
        let failure = padded.withUnsafeBytes { bytes -> Errno? in
            do throws(Errno) { try file.writeAll(bytes, at: Int64(start + entry.lowerBound)); return nil } catch { return error }
        }
        if let failure { throw .writing(.writeFailed(path: name, reason: failure.description)) }
    }

    private static func open(_ path: String, name: String) throws(ExportError) -> FileDescriptor {
        do { return try FileDescriptor(updating: path) } catch { throw .writing(.writeFailed(path: name, reason: error.description)) }
    }

    /// `count` bytes from `offset`, indexed from 0.
    private static func readBack(_ file: borrowing FileDescriptor, from offset: Int, count: Int, name: String) throws(ExportError) -> Data {
        var bytes = Data(count: count)
        let got = bytes.withUnsafeMutableBytes { buffer in (try? file.readSome(at: Int64(offset), into: buffer)) ?? -1 }
        guard got == count else { throw .writing(.writeFailed(path: name, reason: "cannot read back what cairo wrote")) }
        return bytes
    }
}
