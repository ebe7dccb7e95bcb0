import InkFileSystem
import Foundation
import InkPipeline
import InkModel
import InkCommandLine

/// Running the commands that work on layers files alone: merge, inspect,
/// downgrade and check.
extension CommandRunner {
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
        print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
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
            print(TerminalText.escaped("wrote \(path)\(Self.describe(kept))"), to: &output)
            for line in lines { print(TerminalText.escaped(line), to: &output) }
        }
    }

    /// gzip (libdeflate level 6, `InkLayersWriter`) when the output's name ends in `.gz`, else plain text.
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
