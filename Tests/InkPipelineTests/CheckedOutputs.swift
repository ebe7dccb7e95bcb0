import Foundation
import InkFixtures
import InkPipeline
import Testing

/// `qpdf --check` must find nothing wrong: exit 0, no warnings. An encrypted file is
/// opened with `password` as given or NFKC-normalised (qpdf transcodes it to
/// PDFDocEncoding itself for RC4 and AES-128).
func expectQPDFCheckPasses(_ path: String, password: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var attempts: [(status: Int32, text: String)] = []
    let passwords = password.map { [$0, $0.precomposedStringWithCompatibilityMapping] } ?? [nil]
    for candidate in passwords {
        let check = try await OutsideTool.qpdfCheck(path, password: candidate)
        attempts.append(check)
        if !check.text.contains("invalid password") { break }
    }
    let last = attempts.last!
    #expect(last.status == 0 && !last.text.contains("WARNING"), "qpdf --check \(path): \(last.text)",
            sourceLocation: sourceLocation)
}

/// `Flattener.flatten`, and `qpdf --check` on what it wrote.
@discardableResult
func flattenChecked(pdf: String?, ink: String, output: String, options: FlattenOptions = FlattenOptions(),
                    sourceLocation: SourceLocation = #_sourceLocation) async throws(ExportError) -> FlattenReport {
    let report = try Flattener.flatten(pdf: pdf, ink: ink, output: output, options: options)
    await checkOutput(output, password: nil, sourceLocation: sourceLocation)
    return report
}

/// `Exporter.export`, and `qpdf --check` on what it wrote (given the password of an encrypted output).
@discardableResult
func exportChecked(pdf: String?, ink: String, output: String, options: ExportOptions = ExportOptions(),
                   sourceLocation: SourceLocation = #_sourceLocation) async throws(ExportError) -> ExportReport {
    let report = try Exporter.export(pdf: pdf, ink: ink, output: output, options: options)
    await checkOutput(output, password: options.password, sourceLocation: sourceLocation)
    return report
}

/// `qpdf --check` on an output; a failure to run qpdf is an issue too.
func checkOutput(_ output: String, password: String?, sourceLocation: SourceLocation) async {
    do {
        try await expectQPDFCheckPasses(output, password: password, sourceLocation: sourceLocation)
    } catch {
        Issue.record("cannot run qpdf on \(output): \(error)", sourceLocation: sourceLocation)
    }
}
