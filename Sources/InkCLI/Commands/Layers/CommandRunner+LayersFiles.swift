import InkBatch
import InkFileSystem
import Foundation
import InkPipeline
import InkModel

/// Running the commands that work on layers files alone: merge, inspect,
/// downgrade and check.
extension CommandRunner {
    static let layersUsage = """
          inkpdf merge (--base B | --no-base) --local L --remote R -o OUT [--json] [--fail-on-conflict] [--quiet]
          inkpdf inspect LAYERS [--json]
          inkpdf downgrade LAYERS --max-content-version V -o OUT [--json] [--quiet]
          inkpdf check LAYERS [--quiet]
        """

    static let layersHelp = """
        merge      three-way merges two edited copies of a layers file with their common
                   ancestor B: what either side erased stays erased, what either added is
                   kept; gestures changed differently on both sides keep what both kept and
                   are reported as conflicts. --no-base (first sync) adds everything.
                   Reports added, removed, changed and conflicting gestures per page.
                   --fail-on-conflict  exit 90 (after writing) if there were conflicts
        inspect    the content version each page and the document need, strokes, points,
                   inks, bounds and time span
        downgrade  writes a copy for a client of content version V, each newer ink mapped to
                   its closest older ink; lists the strokes whose look cannot be kept
        check      validates a layers file; names the line at fault and the last good revision
        merge and downgrade write OUT atomically (gzip if OUT ends in .gz); a file they
        replace is kept as OUT.prev (OUT.damaged if it did not decode).
        """

    /// Writes `destination` (gzip when its name ends in `.gz`) through `body`,
    /// atomically, keeping the revision it replaces; a layers file that fails to
    /// decode is reported with its last good revision.
    func replaceLayers<Report>(_ destination: String, _ body: (InkLayersWriter) throws -> Report)
        -> Result<(Report, LayersFileReplacement.KeptRevision?), any Error> {
        Result {
            try LayersRevision.namingLastGoodRevision {
                try LayersFileReplacement.write(to: destination) { temporary in
                    let writer = try InkLayersWriter(path: temporary, compressionLevel: Self.compression(for: destination))
                    let report = try body(writer)
                    try writer.close()
                    return report
                }
            }
        }
    }

    /// Prints the failure of `result` and returns its exit code.
    func fail<Value>(_ result: Result<Value, any Error>, errors: inout some TextOutputStream) -> Int32 {
        guard case .failure(let error) = result else { return ExitCode.success.rawValue }
        print("inkpdf: \(error)", to: &errors)
        return Self.exitCode(for: error).rawValue
    }

    /// What a merge or downgrade wrote: one JSON object, or a line per change.
    func printReplacement(_ path: String, kept: LayersFileReplacement.KeptRevision?, json: JSONValue, lines: [String],
                                  asJSON: Bool, quiet: Bool, to output: inout some TextOutputStream) {
        if asJSON {
            var object = JSONObject([("output", .string(path)), ("keptRevision", .string(kept?.path))])
            if case .object(let fields) = json { object.entries += fields.entries }
            print(JSONValue.object(object).jsonText, to: &output)
        } else if !quiet {
            print("wrote \(path)\(Self.describe(kept))", to: &output)
            for line in lines { print(line, to: &output) }
        }
    }

    /// gzip (zlib level 6) when the output's name ends in `.gz`, else plain text.
    static func compression(for output: String) -> Int32? {
        output.lowercased().hasSuffix(".gz") ? 6 : nil
    }

    static func describe(_ kept: LayersFileReplacement.KeptRevision?) -> String {
        switch kept {
        case nil: ""
        case .previous(let path): " (the previous revision is kept as \(path))"
        case .damaged(let path): " (the replaced file did not decode; it is kept as \(path))"
        }
    }

    /// The exit code for a failure of a layers command.
    static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case is InkLayersError, is DamagedLayersError: .invalidInk
        case InkFileError.cannotOpen: .inputMissing
        case InkFileError.cannotCreate: .cannotCreateOutput
        case is InkFileError: .ioError
        case let error as ExportError: error.exitCode
        default: .internalError
        }
    }
}
