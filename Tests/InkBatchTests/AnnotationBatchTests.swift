import InkBatch
import InkFixtures
import Foundation
import InkPipeline
import InkModel
import Testing

/// `batch --annotations`: a PDF with no ink file beside it is flattened with its own
/// annotations as ink; one without such annotations stays uninked; an ink file beside a PDF wins.
@Suite struct AnnotationBatchTests {
    @Test func aPDFWithAnnotationsAndNoInkBesideItIsFlattenedWithThem() throws {
        let f = BatchFixture()
        // annotated.pdf: a PDF whose ink is annotations (written by the annotation export), and no ink file.
        let plain = try f.document("annotated.pdf")
        let inkFile = String(plain.dropLast(4)) + ".ink.jsonl"
        var options = ExportOptions(writeSidecar: false)
        options.inkAs = .annotations
        let exported = f.folder.path("annotated.pdf")
        _ = try Exporter.export(pdf: plain, ink: inkFile, output: exported, options: options)
        try FileManager.default.removeItem(atPath: inkFile)
        try FileManager.default.removeItem(atPath: plain)
        try FileManager.default.moveItem(atPath: exported, toPath: plain)
        try f.document("handout.pdf", ink: nil)
        try f.document("inked.pdf", ink: 30)

        let without = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output), options: BatchOptions(jobs: 1))
        #expect(without.results.map(\.statusKey) == ["skipped", "skipped", "flattened"], "without the option: no surprise")
        try FileManager.default.removeItem(atPath: f.output)

        let report = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output, annotationsAsInk: true),
                                        options: BatchOptions(jobs: 1))
        #expect(report.results.map(\.document.relativePath) == ["annotated.pdf", "handout.pdf", "inked.pdf"])
        #expect(report.results.map(\.statusKey) == ["flattened", "skipped", "flattened"])
        guard case .flattened(let flattened) = report.results[0].outcome else { return }
        #expect(flattened.strokeCount == 1, "the annotation's stroke")
        let sidecar = try InkLayersReader(path: f.outputPath("annotated.ink.jsonl.gz"))
        var strokes: [Stroke] = []
        while let layer = try sidecar.nextLayer() { strokes += layer.strokes }
        #expect(strokes == [redStroke([(20, 20), (120, 60)])], "the sidecar holds the stroke bit for bit")
        // Run again: up to date.
        let again = BatchFlattener.run(try BatchFlattener.plan(source: f.source, output: f.output, annotationsAsInk: true),
                                       options: BatchOptions(jobs: 1))
        #expect(again.results.map(\.statusKey) == ["upToDate", "skipped", "upToDate"])
    }
}
