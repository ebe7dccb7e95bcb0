import InkFixtures
import InkFileSystem
import Foundation
import InkPipeline
import InkModel

/// The batch benchmark's input: a term of lecture documents in week folders
/// (`week 01/lecture 001.pdf`, …), 10 to 60 pages each, with handwriting on
/// about four pages in five (about 24 strokes a page). Every third document's
/// ink is gzip-compressed. Seeded by the document number, so the same call
/// writes the same bytes.
public enum BatchCorpus {
    public static let strokesPerPage = 24

    /// Writes `documents` PDFs and their ink under `directory`; returns the PDFs' paths.
    @discardableResult
    public static func write(documents: Int, directory: URL) throws -> [URL] {
        guard documents >= 1 else { throw SampleError.invalidPage(index: 0, reason: "a batch corpus needs at least one document") }
        var written: [URL] = []
        for number in 1...documents {
            var random = SplitMix64(seed: 0xBA7C_0000 &+ UInt64(number))
            let pages = random.integer(10...60)
            let folder = directory.appendingPathComponent(String(format: "week %02d", (number - 1) / 10 + 1))
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let stem = String(format: "lecture %03d", number)
            let pdf = folder.appendingPathComponent(stem + ".pdf")
            let gzip = number % 3 == 0
            let ink = folder.appendingPathComponent(stem + (gzip ? ".ink.jsonl.gz" : ".ink.jsonl"))
            let layouts = try AtomicOutput.write(to: pdf.path) { try Benchmark.drawPDF(path: $0, pages: pages) }
            let header = InkLayersHeader(pdfPageCount: pages, pdfSHA256: try FileDigest.sha256Hex(ofFileAt: pdf.path),
                                         extra: JSONObject([(key: "title", value: .string("Lecture \(number)"))]))
            try AtomicOutput.write(to: ink.path) { temporary in
                let writer = try InkLayersWriter(path: temporary, compressionLevel: gzip ? 1 : nil)
                try writer.write(header: header)
                for layout in layouts where random.chance(0.8) {
                    try writer.write(layer: Benchmark.layer(for: layout, strokeCount: strokesPerPage))
                }
                try writer.close()
            }
            written.append(pdf)
        }
        return written
    }
}
