
/// The revisions inkpdf keeps when it replaces a layers file: the replaced
/// file, if it was valid, as `FILE.prev` (the last good revision), and if
/// it was not, as `FILE.damaged` (so `FILE.prev` stays the last good one).
public enum LayersRevision {
    /// `FILE.prev`: the file as it was before inkpdf last replaced it.
    public static func previous(of path: String) -> String { path + ".prev" }

    /// `FILE.damaged`: a replaced file that did not decode.
    public static func damaged(of path: String) -> String { path + ".damaged" }

    /// Runs `body`; if it fails because a layers file does not decode and
    /// that file's previous revision does, throws `DamagedLayersError`
    /// naming the revision to recover from.
    public static func namingLastGoodRevision<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as InkLayersError {
            let previous = previous(of: error.file)
            guard (try? InkLayersCheck(path: previous)) != nil else { throw error }
            throw DamagedLayersError(error: error, lastGoodRevision: previous)
        }
    }
}
