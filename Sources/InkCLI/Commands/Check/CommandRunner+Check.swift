import InkFileSystem
import Foundation
import InkPipeline
import InkModel
import InkCommandLine

extension CommandRunner {
    func check(_ arguments: CheckArguments, output: inout some TextOutputStream,
               errors: inout some TextOutputStream) -> Int32 {
        do {
            let ink = try InkLayersFile.open(arguments.path, confinement: arguments.confinement)
            let check = try LayersRevision.namingLastGoodRevision { try InkLayersCheck(path: ink.path) }
            if !arguments.quiet {
                print("\(arguments.path): ok (\(check.pages) page\(check.pages == 1 ? "" : "s") with ink, "
                      + "\(check.layers) layer\(check.layers == 1 ? "" : "s"), \(check.strokes) stroke\(check.strokes == 1 ? "" : "s"), "
                      + "\(check.points) point\(check.points == 1 ? "" : "s"))", to: &output)
            }
            return ExitCode.success.rawValue
        } catch {
            print("inkpdf: " + TerminalText.escaped("\(error)"), to: &errors)
            return Self.exitCode(for: error).rawValue
        }
    }
}
