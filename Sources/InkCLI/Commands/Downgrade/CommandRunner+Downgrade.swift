import InkFileSystem
import Foundation
import InkPipeline
import InkModel
import InkCommandLine

extension CommandRunner {
    func downgrade(_ arguments: DowngradeArguments, output: inout some TextOutputStream,
                   errors: inout some TextOutputStream) -> Int32 {
        if FileIdentity.sameFile(arguments.path, arguments.output) {
            let error = ExportError.writing(.outputIsInput(path: arguments.output))
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return error.exitCode.rawValue
        }
        let result = replaceLayers(arguments.output) { writer in
            let ink = try InkLayersFile.open(arguments.path, confinement: arguments.confinement)
            return try InkDowngrade.downgrade(try InkLayersReader(path: ink.path), maxContentVersion: arguments.maxContentVersion, to: writer)
        }
        guard case .success(let (report, kept)) = result else { return fail(result, errors: &errors) }
        printReplacement(arguments.output, kept: kept, json: report.json, lines: report.lines(source: arguments.path),
                         asJSON: arguments.json, quiet: arguments.quiet, to: &output)
        return ExitCode.success.rawValue
    }
}
