import Foundation
import InkFixtures
import Testing

/// Every command that writes a file takes any name a user types for it (issue 53): one letter
/// (`-o x` trapped in Foundation's `deletingLastPathComponent`), no extension, a dot file, spaces,
/// a non-ASCII letter, and a folder (refused with its reason). Run through the executable, in
/// the folder the name is relative to.
@Suite struct OutputNameTests {
    static let names = ["x", "é", ".hidden", "with space.pdf"]

    /// Runs `inkpdf ARGUMENTS` with `folder` as the current folder.
    static func run(_ arguments: [String], in folder: TestFolder) async throws -> (status: Int32, errors: String) {
        let run = try await OutsideTool.sh.outcome(["-c", "cd \"$0\" && exec \"$@\"", folder.url.path, BuiltExecutable.inkpdf.path] + arguments)
        return (run.status, String(decoding: run.errors, as: UTF8.self))
    }

    static func inputs(_ folder: TestFolder) throws {
        try SampleDocuments.writeCourseNotes(pdf: URL(fileURLWithPath: folder.path("notes.pdf")),
                                             ink: URL(fileURLWithPath: folder.path("notes.ink.jsonl")))
    }

    @Test(arguments: ["flatten", "export"])
    func pdfOutputsTakeAnyName(command: String) async throws {
        let folder = TestFolder()
        try Self.inputs(folder)
        for name in Self.names {
            let (status, errors) = try await Self.run([command, "notes.pdf", "--ink", "notes.ink.jsonl", "-o", name, "-q"] + DemoLicence.arguments, in: folder)
            #expect(status == 0, "\(command) -o \(name): \(errors)")
            #expect(FileManager.default.fileExists(atPath: folder.path(name)), "\(command) -o \(name) wrote nothing there")
            try await expectQPDFCheckPasses(folder.path(name))
        }
        try FileManager.default.createDirectory(atPath: folder.path("a folder"), withIntermediateDirectories: true)
        let (status, errors) = try await Self.run([command, "notes.pdf", "--ink", "notes.ink.jsonl", "-o", "a folder"] + DemoLicence.arguments, in: folder)
        #expect(status == 73 && errors.contains("a folder") && errors.contains("folder"), "\(status): \(errors)")
    }

    @Test func convertTakesAnyName() async throws {
        let folder = TestFolder()
        try Self.inputs(folder)
        for name in Self.names {
            let (status, errors) = try await Self.run(["convert", "notes.ink.jsonl", "-o", name, "-q"], in: folder)
            #expect(status == 0, "convert -o \(name): \(errors)")
            #expect(FileManager.default.fileExists(atPath: folder.path(name)), "convert -o \(name) wrote nothing there")
        }
    }
}

/// `qpdf --check` passes on `path` with no warning.
private func expectQPDFCheckPasses(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let check = try await OutsideTool.qpdfCheck(path, password: nil)
    #expect(check.status == 0 && !check.text.contains("WARNING"), "qpdf --check \(path): \(check.text)", sourceLocation: sourceLocation)
}
