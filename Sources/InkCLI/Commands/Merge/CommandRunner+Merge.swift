import InkFileSystem
import Foundation
import InkPipeline
import InkModel

extension CommandRunner {
    func merge(_ arguments: MergeArguments, output: inout some TextOutputStream,
               errors: inout some TextOutputStream) -> Int32 {
        let result = replaceLayers(arguments.output) { writer in
            // Any side may be another tool's file: each is read as the layers its import writes.
            let confinement = arguments.confinement
            let base = try arguments.base.map { try InkLayersFile.open($0, confinement: confinement) }
            let local = try InkLayersFile.open(arguments.local, confinement: confinement)
            let remote = try InkLayersFile.open(arguments.remote, confinement: confinement)
            return try InkMerge.merge(base: base?.path, local: local.path, remote: remote.path, to: writer)
        }
        guard case .success(let (report, kept)) = result else { return fail(result, errors: &errors) }
        printReplacement(arguments.output, kept: kept, json: report.json, lines: report.lines,
                         asJSON: arguments.json, quiet: arguments.quiet, to: &output)
        if arguments.failOnConflict && report.conflictCount > 0 {
            print("inkpdf: \(arguments.output): \(report.conflictCount) conflict\(report.conflictCount == 1 ? "" : "s"); the merge was written; review them", to: &errors)
            return ExitCode.mergeConflicts.rawValue
        }
        return ExitCode.success.rawValue
    }
}
