import Foundation

/// Runs the qpdf command-line tool (installed with the other Debian packages).
public func runQPDF(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 || process.terminationStatus == 3 else {
        throw PopplerReader.ReadError(message: "qpdf \(arguments) exited \(process.terminationStatus)")
    }
}
