import InkFileSystem
import InkPDFContent

extension IncrementalUpdate {
    /// Appends what `body` adds to the finished PDF at `path` (an output's open
    /// descriptor path) as an incremental update. The update is staged in a temporary
    /// file beside `name` (qpdf keeps reading the whole PDF meanwhile), copied onto the
    /// end of `path` when `body` returns, and removed either way.
    static func appendStaged<Result>(to path: String, name: String,
                                     _ body: (inout IncrementalUpdate) throws(ExportError) -> Result) throws(ExportError) -> Result {
        let staging = try AtomicOutput.reserve(name + ".update")
        let outcome: Swift.Result<Result, ExportError>
        do throws(ExportError) {
            var update: IncrementalUpdate
            do { update = try IncrementalUpdate(appendingTo: path, staging: staging.writablePath) } catch {
                throw ExportError(appending: error, name: name)
            }
            let made = try body(&update)
            do { try update.finish() } catch { throw ExportError(appending: error, name: name) }
            outcome = .success(made)
        } catch {
            outcome = .failure(error)
        }
        staging.abandon()
        return try outcome.get()
    }
}
