import Foundation
import InkCLI
import InkPipeline
import InkModel
import InkFixtures
import Testing

/// The real executable: a signal mid-flatten leaves no partial file.
@Suite struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func signalLeavesNoPartialOutput(signal: Int32) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-sig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("big.pdf"), ink = folder.appendingPathComponent("big.ink.jsonl")
        try SampleDocuments.writeBenchmark(pages: 60, pdf: pdf, ink: ink)
        let outFolder = folder.appendingPathComponent("out")

        let process = Process()
        process.executableURL = BuiltExecutable.inkpdf
        process.arguments = ["flatten", pdf.path, "--ink", ink.path, "-o", outFolder.appendingPathComponent("big.pdf").path] + DemoLicence.arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        // Wait until the output's temporary file exists, then interrupt.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: outFolder.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".big.pdf.inkpdf-") }) { break }
            usleep(5_000)
        }
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == (signal == SIGINT ? 130 : 143), "\(message)")
        #expect(message.hasSuffix("no partial output was left\n"))
        let left = (try? FileManager.default.contentsOfDirectory(atPath: outFolder.path)) ?? []
        #expect(left.isEmpty, "left behind: \(left)")
    }
}
