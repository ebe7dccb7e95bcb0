import Foundation
import InkFuzzChecks
import InkModel
import Testing

/// The inputs of every fuzz target kept in Tests/FuzzRegressions/TARGET/ (its seeds, and what the
/// fuzzer found: scripts/fuzz.sh copies every finding there), each run through the check the fuzzer
/// runs (`FuzzTarget.problem(with:)`): fix the bug, keep the file.
@Suite(.timeLimit(.minutes(5)))
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    /// One kept input: the target whose check it goes through and its file name.
    struct Input: Sendable, CustomTestStringConvertible {
        let target: FuzzTarget
        let name: String
        var path: String { folder.appendingPathComponent(target.rawValue).appendingPathComponent(name).path }
        var testDescription: String { "\(target.rawValue)/\(name)" }
    }

    /// The files of a target's folder (hidden files aside), sorted.
    static func names(of target: FuzzTarget) -> [String] {
        let path = folder.appendingPathComponent(target.rawValue).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static var inputs: [Input] {
        FuzzTarget.allCases.flatMap { target in names(of: target).map { Input(target: target, name: $0) } }
    }

    @Test(arguments: inputs)
    func keepsItsPromises(_ input: Input) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input.path))
        let problem = bytes.withUnsafeBytes { input.target.problem(with: $0) }
        #expect(problem == nil, "\(input.testDescription): \(problem ?? "")")
    }

    /// Every target has its folder with at least one input, and every folder is a target's (a
    /// misspelt folder would keep its inputs out of the run).
    @Test func everyTargetHasItsInputs() throws {
        for target in FuzzTarget.allCases {
            #expect(!Self.names(of: target).isEmpty, "\(target.rawValue) has no inputs in \(Self.folder.path)")
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        for name in folders {
            #expect(FuzzTarget(rawValue: name) != nil, "\(Self.folder.path)/\(name) is not a fuzz target's folder")
        }
    }

    /// The importers' check can fail: a page side outside InkRange, and ink on a page the document
    /// does not have, are reported.
    @Test func theImportedDocumentCheckSeesABrokenPromise() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkpdf-fuzz-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let layers = folder.appendingPathComponent("layers.ink.jsonl").path
        let header = #"{"format":"inkpdf-layers","version":1}"#
        let onPageTwo = ##"{"page":2,"strokes":[{"ink":{"type":"pen","color":"#000000"},"created":1,"points":[[1,2,0,1,1,1,1,0,1.5]]}]}"##
        try Data((header + "\n" + onPageTwo + "\n").utf8).write(to: URL(fileURLWithPath: layers))
        func document(pages: [DocumentPage]) -> ImportedDocument {
            ImportedDocument(format: .xournal, source: "fuzz.xopp", pages: pages, backgroundPDF: nil, layersPath: layers, report: ImportReport())
        }
        let page = DocumentPage(width: 100, height: 100, background: .pdfPage(1))
        #expect(ImportedDocumentCheck.problem(with: document(pages: [page, page])) == nil)
        #expect(ImportedDocumentCheck.problem(with: document(pages: [page]))?.contains("ink for page 2 of 1") == true)
        let unbounded = DocumentPage(width: .infinity, height: 100, background: .pdfPage(1))
        #expect(ImportedDocumentCheck.problem(with: document(pages: [unbounded, page]))?.contains("a page of") == true)
    }
}
