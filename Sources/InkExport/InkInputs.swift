import Foundation
import InkModel

/// The checks flatten and export both make before they draw: the output
/// must not replace an input, the ink must decode, must be meant for this
/// PDF (SHA-256) and name only pages it has, and the page selection must
/// leave something to write.
enum InkInputs {
    /// Refuses an output (or its sidecar) that is one of the inputs.
    static func refuseOverwritingInputs(output: String, inputs: [String]) throws(ExportError) {
        for input in inputs where LayersFileReplacement.sameFile(output, input) {
            throw .outputIsInput(path: output)
        }
        let sidecar = Flattener.sidecarPath(forOutput: output)
        if LayersFileReplacement.sameFile(sidecar, inputs[0]) { throw .outputIsInput(path: sidecar) }
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
    static func checkInk(_ layers: PageOrderedLayers, ink inkPath: String, pdf pdfPath: String, pageCount: Int,
                         ignoreMismatch: Bool) throws(ExportError) -> String {
        let digest = try SHA256Digest.hexDigest(ofFileAt: pdfPath)
        if let recorded = layers.header.pdfSHA256, recorded.lowercased() != digest, !ignoreMismatch {
            throw .documentMismatch(inkFile: inkPath, recorded: recorded, actual: digest, pdf: pdfPath)
        }
        if let last = layers.inkedPages.last, last > pageCount {
            throw .pageOutOfRange(inkFile: inkPath, line: layers.firstLine(ofPage: last) ?? 1, page: last,
                                  pageCount: pageCount, pdf: pdfPath)
        }
        return digest
    }

    /// The source pages that go into the output, ascending.
    static func keptPages(selection: PageSelection?, onlyAnnotated: Bool, pageCount: Int, inkedPages: [Int],
                          pdf: String) throws(ExportError) -> [Int] {
        var kept = Array(1...pageCount)
        if let selection {
            switch selection.pages(in: pageCount) {
            case .success(let pages): kept = pages
            case .failure(let error):
                throw .pageSelectionOutOfRange(pdf: pdf, page: error.missingPage ?? 0, pageCount: pageCount)
            }
        }
        if onlyAnnotated {
            let inked = Set(inkedPages)
            kept = kept.filter { inked.contains($0) }
        }
        guard !kept.isEmpty else { throw .nothingSelected(pdf: pdf) }
        return kept
    }
}

/// The full-fidelity sidecar beside an output (`NAME.ink.jsonl.gz`): the
/// ink's header with the PDF's SHA-256 and page count, then every layer line
/// as read, written on its own thread while the output is drawn (or, not
/// `concurrent`, on the calling thread when waited for), and put in place
/// only after the output.
final class SidecarOutput {
    private let output: AtomicOutput
    private let job: SidecarJob
    /// Whether it is put beside the output (false: only written for embedding, then removed).
    let isKept: Bool

    /// Where it goes.
    var destination: String { output.destination }
    /// The file being written, readable once `wait()` returns.
    var writablePath: String { output.writablePath }

    /// Starts writing the sidecar for `outputPath`. Nil when none is wanted, or
    /// when it would replace the ink input itself, unless `forEmbedding`: then
    /// it is written to a temporary file beside the output and never kept.
    static func start(for outputPath: String, ink inkPath: String, header source: InkLayersHeader, pdfSHA256: String,
                      pdfPageCount: Int, headerExtra: JSONObject, wanted: Bool,
                      forEmbedding: Bool = false, concurrent: Bool = true) throws(ExportError) -> SidecarOutput? {
        let path = Flattener.sidecarPath(forOutput: outputPath)
        let keep = wanted && !LayersFileReplacement.sameFile(path, inkPath)
        guard keep || forEmbedding else { return nil }
        var header = source
        header.pdfSHA256 = pdfSHA256
        header.pdfPageCount = pdfPageCount
        for (key, value) in headerExtra.entries { header.extra[key] = value }
        let output = try AtomicOutput(destination: keep ? path : outputPath + ".ink")
        let sidecar = SidecarOutput(output: output, job: SidecarJob(ink: inkPath, header: header, output: output), isKept: keep)
        if concurrent { try sidecar.job.start() }
        return sidecar
    }

    private init(output: AtomicOutput, job: SidecarJob, isKept: Bool) {
        self.output = output
        self.job = job
        self.isKept = isKept
    }

    private var waited: Result<Void, ExportError>?

    /// Waits until the sidecar is written (once; later calls give the same outcome).
    func wait() throws(ExportError) {
        if waited == nil {
            do throws(ExportError) {
                try job.wait()
                waited = .success(())
            } catch {
                waited = .failure(error)
            }
        }
        try waited?.get()
    }

    /// Puts the sidecar in place (after the output), keeping a sidecar it
    /// replaces as `NAME.ink.jsonl.gz.prev` (the last good revision); removes a temporary one.
    func commit() throws(ExportError) {
        guard isKept else { return output.abandon() }
        _ = try LayersFileReplacement.keepRevision(of: output.destination)
        try output.commit()
    }

    func abandon() { output.abandon() }
}
