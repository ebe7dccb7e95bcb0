import InkFileSystem
import Foundation
import InkPipeline
import InkModel
import InkCommandLine

extension CommandRunner {
    func inspect(_ arguments: InspectArguments, output: inout some TextOutputStream,
                 errors: inout some TextOutputStream) -> Int32 {
        do {
            let ink = try InkLayersFile.open(arguments.path, confinement: arguments.confinement)
            let inspection = try LayersRevision.namingLastGoodRevision { try InkInspection(path: ink.path) }
            if arguments.json {
                print(inspection.json(file: arguments.path).jsonText, to: &output)
            } else {
                for line in inspection.lines(file: arguments.path) { print(TerminalText.escaped(line), to: &output) }
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return Self.exitCode(for: error).rawValue
        }
    }
}
