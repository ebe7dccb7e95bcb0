import InkFileSystem
import Foundation
import InkModel

/// Writes a layers file atomically and, when it replaces one, keeps the
/// replaced file: as `FILE.prev` if it decodes (the last good revision), as
/// `FILE.damaged` if it does not (leaving the last good `FILE.prev` alone).
///
/// The new file is written beside the destination under a temporary name
/// (`AtomicOutput`); the old one is hard-linked to its kept name first and
/// then replaced by a rename, so the destination always names a whole file.
public enum LayersFileReplacement {
    /// What became of the file that was at the destination.
    public enum KeptRevision: Equatable, Sendable {
        /// It decoded; it is now the last good revision at this path.
        case previous(String)
        /// It did not decode; it was kept at this path.
        case damaged(String)

        public var path: String {
            switch self {
            case .previous(let path), .damaged(let path): path
            }
        }
    }

    /// Writes `destination` through `body`, which receives the temporary
    /// path to write; nothing changes at the destination if `body` throws.
    /// - Returns: `body`'s result and the kept revision (nil if there was no file).
    public static func write<Result>(to destination: String,
                                     _ body: (_ temporaryPath: String) throws -> Result) throws -> (result: Result, kept: KeptRevision?) {
        let output = try AtomicOutput.reserve(destination)
        let result = try body(output.writablePath)
        let kept = try keepRevision(of: destination)
        try output.commitForExport()
        return (result, kept)
    }

    /// Whether the file at a path decoded when it was read, and which file that was.
    struct Judgement: Sendable {
        fileprivate var version: FileIdentity.Version
        fileprivate var decodes: Bool
        /// It holds the same bytes as the file that replaces it: replacing it changes nothing.
        fileprivate var isReplacement = false
    }

    /// Reads the file at `path`, if there is one, to tell whether it decodes (the
    /// slow part of keeping it: a whole read), so that this can happen before it is
    /// replaced, on another thread. When it holds the same bytes as `replacement`
    /// (the same ink flattened again), nothing needs keeping and it is not decoded:
    /// the revision kept from before (`FILE.prev`) stays the last one that differs.
    static func judge(_ path: String, replacement: String? = nil) -> Judgement? {
        guard let version = FileIdentity.Version(of: path) else { return nil }
        if let replacement, FileIdentity.sameContents(path, replacement) {
            return Judgement(version: version, decodes: true, isReplacement: true)
        }
        return Judgement(version: version, decodes: (try? InkLayersCheck(path: path)) != nil)
    }

    /// Links the file at `path` (if any) to its kept-revision name; `judged`, if it is
    /// still about the same file, says whether it decodes without reading it again, or
    /// that it is the same as its replacement (then nothing is kept: nil).
    static func keepRevision(of path: String, judged: Judgement? = nil) throws(ExportError) -> KeptRevision? {
        guard let version = FileIdentity.Version(of: path) else { return nil }
        if let judged, judged.version == version, judged.isReplacement { return nil }
        let decodes = judged.flatMap { $0.version == version ? $0.decodes : nil } ?? ((try? InkLayersCheck(path: path)) != nil)
        let kept: KeptRevision = decodes
            ? .previous(LayersRevision.previous(of: path)) : .damaged(LayersRevision.damaged(of: path))
        // Link under a temporary name, then rename: the kept name always holds a whole file.
        let staging = kept.path + ".inkpdf-\(getpid())"
        try? FileSystem.remove(staging)
        if (try? FileSystem.link(path, as: staging)) == nil {
            // No hard links here (some network and FAT file systems): copy instead.
            do {
                try FileManager.default.copyItem(atPath: path, toPath: staging)
            } catch {
                try? FileSystem.remove(staging)
                throw .writing(.cannotCreateOutput(path: kept.path, reason: "cannot keep the previous revision: \(error.localizedDescription)"))
            }
        }
        do { try FileSystem.rename(staging, to: kept.path) } catch {
            try? FileSystem.remove(staging)
            throw .writing(.cannotCreateOutput(path: kept.path, reason: "cannot keep the previous revision: \(error.description)"))
        }
        return kept
    }
}
