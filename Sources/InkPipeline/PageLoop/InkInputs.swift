import InkFileSystem
import Foundation
import InkModel

/// The checks flatten and export both make before they draw: the output
/// must not replace an input, the ink must decode, must be meant for this
/// PDF (SHA-256) and name only pages it has, and the page selection must
/// leave something to write.
enum InkInputs {
    /// Refuses an output (or its sidecar) that is one of the inputs.
    static func refuseOverwritingInputs(output: String, inputs: [String]) throws(ExportError) {
        for input in inputs where FileIdentity.sameFile(output, input) {
            throw .writing(.outputIsInput(path: output))
        }
        let sidecar = Flattener.sidecarPath(forOutput: output)
        for input in inputs.dropFirst() where FileIdentity.sameFile(sidecar, input) { throw .writing(.outputIsInput(path: sidecar)) }
    }

    /// Checks the ink against the PDF (when there is one) and chooses the output pages:
    /// for ink-layers, PDF pages; for another tool's document, its own pages.
    static func prepare(_ source: InkSource, pdfPageCount: Int?, selection: PageSelection?, onlyAnnotated: Bool,
                        ignoreMismatch: Bool) throws(ExportError) -> PreparedInk {
        guard let plan = source.plan else {
            guard let pdf = source.pdfPath, let pageCount = pdfPageCount else { throw .reading(.pdfRequired(inkFile: source.path)) }
            let digest = try checkInk(source.layers, ink: source.path, pdf: pdf, pageCount: pageCount, ignoreMismatch: ignoreMismatch)
            let kept = try keptPages(selection: selection, onlyAnnotated: onlyAnnotated, pageCount: pageCount,
                                     inkedPages: source.layers.inkedPages, pdf: pdf)
            return PreparedInk(source: source, pdfSHA256: digest, kept: kept)
        }
        if let pdf = source.pdfPath, let pageCount = pdfPageCount { try source.checkPlan(pdfPageCount: pageCount, pdf: pdf) }
        guard !plan.isEmpty else { throw .reading(.noPages(inkFile: source.path)) }
        let annotated = Set(source.layers.inkedPages).union(plan.indices.filter { !plan[$0].decorations.isEmpty }.map { $0 + 1 })
        let kept = try keptPages(selection: selection, onlyAnnotated: onlyAnnotated, pageCount: plan.count,
                                 inkedPages: annotated.sorted(), pdf: source.path)
        return PreparedInk(source: source, pdfSHA256: nil, kept: kept)
    }

    /// Opens the ink layers, naming the last good revision when they are damaged.
    static func openInk(_ path: String) throws(ExportError) -> PageOrderedLayers {
        do {
            return try LayersRevision.namingLastGoodRevision { try PageOrderedLayers(path: path) }
        } catch {
            throw Flattener.exportError(from: error, path: path)
        }
    }

    /// The PDF's SHA-256, after checking that the ink was made for it (unless
    /// told to ignore that) and names no page beyond its last.
    static func checkInk(_ layers: any PageLayerSource, ink inkPath: String, pdf pdfPath: String, pageCount: Int,
                         ignoreMismatch: Bool) throws(ExportError) -> String {
        let digest = try ExportError.sha256(ofFileAt: pdfPath)
        if let recorded = layers.header.pdfSHA256, recorded.lowercased() != digest, !ignoreMismatch {
            throw .reading(.documentMismatch(inkFile: inkPath, recorded: recorded, actual: digest, pdf: pdfPath))
        }
        if let last = layers.inkedPages.last, last > pageCount {
            throw .reading(.pageOutOfRange(inkFile: inkPath, line: layers.firstLine(ofPage: last) ?? 1, page: last,
                                  pageCount: pageCount, pdf: pdfPath))
        }
        return digest
    }

    /// The pages that go into the output, ascending.
    static func keptPages(selection: PageSelection?, onlyAnnotated: Bool, pageCount: Int, inkedPages: [Int],
                          pdf: String) throws(ExportError) -> [Int] {
        // No page at all is no selection's doing (`1...0` would trap).
        guard pageCount > 0 else { throw .reading(.noPages(inkFile: pdf)) }
        var kept = Array(1...pageCount)
        if let selection {
            switch selection.pages(in: pageCount) {
            case .success(let pages): kept = pages
            case .failure(let error):
                throw .opening(.pageSelectionOutOfRange(pdf: pdf, page: error.missingPage ?? 0, pageCount: pageCount))
            }
        }
        if onlyAnnotated {
            let inked = Set(inkedPages)
            kept = kept.filter { inked.contains($0) }
        }
        guard !kept.isEmpty else { throw .opening(.nothingSelected(pdf: pdf, pages: selection != nil, onlyAnnotated: onlyAnnotated)) }
        return kept
    }
}
