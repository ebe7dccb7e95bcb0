import LibPoppler
import Foundation
import InkFileSystem
import InkImport
import InkModel

/// Page sizes of background PDFs, read with poppler once per file.
final class PDFPageSizes: @unchecked Sendable {
    private let password: String?
    private var documents: [String: PDFDocument] = [:]
    private let lock = NSLock()

    init(password: String?) { self.password = password }

    func size(of path: String, page: Int) -> (width: Double, height: Double)? {
        lock.lock()
        defer { lock.unlock() }
        if documents[path] == nil { documents[path] = try? PDFDocument.open(path: path, password: password) }
        guard let document = documents[path], page >= 1, page <= document.pageCount else { return nil }
        let size = document.displayedSize(ofPage: page)
        return (size.0, size.1)
    }
}
