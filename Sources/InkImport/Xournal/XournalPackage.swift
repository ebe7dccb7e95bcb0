import Foundation
import InkModel

/// The zip package of a Xournal++ document (`mimetype`, `META-INF/version`, `content.xml`,
/// attachments), opened once for the whole import.
///
/// Every entry is counted against one `ExpansionBudget` (content.xml as it is parsed, and each
/// attachment), so the document as a whole expands to at most `options.maximumExpandedBytes`.
/// An attachment is read once and kept by name: a thousand images naming the same entry cost
/// one read and one copy in memory. Names that are absolute or climb out with `..` are refused.
final class XournalPackage {
    let path: String
    let budget: ExpansionBudget
    private let archive: ZipArchive
    private var attachments: [String: [UInt8]] = [:]

    init(path: String, budget: ExpansionBudget) throws(ZipArchiveError) {
        self.path = path
        self.budget = budget
        archive = try ZipArchive(path: path)
    }

    func contains(_ name: String) -> Bool { archive.contains(name) }

    /// The bytes of entry `name`, read once (later calls return the same bytes), under the budget.
    /// `cap` bounds a small entry (`mimetype`) below the budget.
    func read(_ name: String, place: XournalImportError.Place? = nil, cap: Int = .max) throws(XournalImportError) -> [UInt8] {
        if let bytes = attachments[name] { return bytes }
        let bytes = try readUncached(name, place: place, cap: cap)
        attachments[name] = bytes
        return bytes
    }

    /// Copies entry `name` into a new file at `destination`, under the budget (not kept in memory).
    func extract(_ name: String, to destination: String, place: XournalImportError.Place? = nil) throws(XournalImportError) {
        let bytes: [UInt8]
        if let cached = attachments[name] { bytes = cached } else { bytes = try readUncached(name, place: place) }
        guard FileManager.default.createFile(atPath: destination, contents: Data(bytes)) else {
            throw .cannotWrite(path: destination, reason: "cannot create the extracted attachment \(name)")
        }
    }

    private func readUncached(_ name: String, place: XournalImportError.Place?, cap: Int = .max) throws(XournalImportError) -> [UInt8] {
        guard ReferencedFile.isContained(name) else {
            throw .attachmentNameOutside(path: path, place: place ?? .init(line: 0, column: 0), name: name)
        }
        let before = budget.used
        do {
            let bytes = try archive.read(name, limit: min(budget.remaining, cap))
            budget.spend(bytes.count)
            return bytes
        } catch {
            if case .expandsTooFar = error {
                if cap < budget.remaining { throw .expandsTooFar(path: path, part: "entry \(name)", limit: cap) }
                let part = before == 0 ? "entry \(name)" : "entry \(name), with the \(before) bytes the archive's other entries expanded to,"
                throw .expandsTooFar(path: path, part: part, limit: budget.limit)
            }
            throw .brokenZip(path: path, reason: error.description)
        }
    }
}
