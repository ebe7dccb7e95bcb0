import InkFileSystem
import Foundation
import InkModel

/// The full-fidelity sidecar beside an output (`NAME.ink.jsonl.gz`): the
/// ink's header with the PDF's SHA-256 and page count, then every layer line
/// as read, written on its own thread while the output is drawn (or, not
/// `concurrent`, on the calling thread when waited for), and put in place
/// only after the output.
final class SidecarOutput {
    /// The file, until it is put in place or abandoned (each happens once).
    private var output: AtomicOutput?
    private let job: SidecarJob
    /// Whether it is put beside the output (false: only written for embedding, then removed).
    let isKept: Bool

    /// Where it goes.
    let destination: String
    /// The file being written, readable once `wait()` returns.
    let writablePath: String

    /// Starts writing the sidecar for `outputPath`. Nil when none is wanted, or
    /// when it would replace the ink input itself, unless `forEmbedding`: then
    /// it is written to a temporary file beside the output and never kept.
    /// `belowDrawing`: its thread runs at a lower priority, as the ink's do in flatten
    /// (in export it keeps theirs: below them it would wait for their last page, then
    /// compress alone on one core while the other idles).
    static func start(for outputPath: String, ink inkPath: String, header source: InkLayersHeader, pdfSHA256: String,
                      pdfPageCount: Int, headerExtra: JSONObject, wanted: Bool,
                      forEmbedding: Bool = false, concurrent: Bool = true,
                      belowDrawing: Bool = false) throws(ExportError) -> SidecarOutput? {
        let path = Flattener.sidecarPath(forOutput: outputPath)
        let keep = wanted && !FileIdentity.sameFile(path, inkPath)
        guard keep || forEmbedding else { return nil }
        var header = source
        header.pdfSHA256 = pdfSHA256
        header.pdfPageCount = pdfPageCount
        for (key, value) in headerExtra.entries { header.extra[key] = value }
        let sidecar = try reserve(keep ? path : outputPath + ".ink", content: .layers(ink: inkPath, header: header),
                                  isKept: keep, keepsRevision: true)
        if concurrent { try sidecar.job.start(belowDrawing: belowDrawing) }
        return sidecar
    }

    /// Starts keeping another tool's document beside `outputPath`, whole: a Xournal++
    /// file byte for byte (`NAME.xopp`), a reMarkable document as a `.rmdoc` archive
    /// (or its `.rm` page). Nil when none is wanted or it would replace the input.
    static func start(for outputPath: String, keeping source: InkSource, wanted: Bool,
                      forEmbedding: Bool = false) throws(ExportError) -> SidecarOutput? {
        let (path, content) = Flattener.foreignSidecar(forOutput: outputPath, source: source)
        let keep = wanted && !FileIdentity.sameFile(path, source.path)
        guard keep || forEmbedding else { return nil }
        return try reserve(keep ? path : outputPath + ".ink", content: content, isKept: keep, keepsRevision: false)
    }

    /// Starts keeping the layers of another tool's document, with the `text` entries `--recognize` gave them, beside
    /// `outputPath` as ink-layers (`NAME.ink.jsonl.gz`, beside the document kept as it is): the next run of the
    /// same languages reads them back instead of recognising again (`RecognitionCache`), and `search` finds
    /// them. The import's header, `record` in its `source`. Nil when no sidecar is wanted or it would replace the input.
    static func start(for outputPath: String, recognisedLayersOf source: InkSource, record: (key: String, value: JSONValue),
                      wanted: Bool) throws(ExportError) -> SidecarOutput? {
        let path = Flattener.sidecarPath(forOutput: outputPath)
        guard wanted, source.layersPath != source.path, !FileIdentity.sameFile(path, source.path) else { return nil }
        var header = source.layers.header
        header.extra[Flattener.sourceKey] = .object(JSONObject([record]))
        let sidecar = try reserve(path, content: .layers(ink: source.layersPath, header: header), isKept: true, keepsRevision: false)
        try sidecar.job.start(belowDrawing: true)
        return sidecar
    }

    /// Reserves `path` (`AtomicOutput`) for a sidecar holding `content`; its job is not started.
    private static func reserve(_ path: String, content: SidecarJob.Content, isKept: Bool,
                                keepsRevision: Bool) throws(ExportError) -> SidecarOutput {
        let output = try AtomicOutput.reserve(path)
        let job = SidecarJob(content: content, writablePath: output.writablePath, temporaryName: output.temporary,
                             destination: output.destination)
        return SidecarOutput(output: output, job: job, isKept: isKept, keepsRevision: keepsRevision)
    }

    /// Whether a file it replaces is kept as the previous revision (ink-layers sidecars).
    private let keepsRevision: Bool

    private init(output: consuming AtomicOutput, job: SidecarJob, isKept: Bool, keepsRevision: Bool) {
        self.keepsRevision = keepsRevision
        destination = output.destination
        writablePath = output.writablePath
        self.output = consume output
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
        guard let output = output.take() else { return }
        guard isKept else { return output.abandon() }
        if keepsRevision { _ = try LayersFileReplacement.keepRevision(of: output.destination, judged: job.replacedFile) }
        try output.commitForExport()
    }

    /// Removes the file, unless it was already put in place.
    func abandon() { output.take()?.abandon() }

    /// Puts `output` in place, then `sidecars`: a sidecar that then fails is removed (with those
    /// after it) and the output stays. A signal waits until all are in place, so that no output
    /// is left without its sidecars.
    static func commit(_ output: consuming AtomicOutput, with sidecars: SidecarOutput?...) throws(ExportError) {
        TemporaryFiles.shared.beginCommitting()
        defer { TemporaryFiles.shared.endCommitting() }
        do {
            try output.commitForExport()
            for sidecar in sidecars { try sidecar?.commit() }
        } catch {
            for sidecar in sidecars { sidecar?.abandon() }
            throw error
        }
    }
}
