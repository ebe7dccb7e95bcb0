import InkBatch
import InkCLI
import InkFixtures
import InkPipeline
import Testing

@Suite struct BatchShardTests {
    /// Documents of assorted sizes, some equal, with no files behind them.
    static let documents: [BatchDocument] = (0..<37).map { (index: Int) -> BatchDocument in
        let bonus: Int = index % 5 == 0 ? 0 : index
        let size: Int = 1_000 + (index * 7_919) % 50_000 + bonus
        return BatchDocument(relativePath: "term \(index % 4)/lecture \(index).pdf", pdf: "/src/\(index).pdf",
                             ink: "/src/\(index).ink.jsonl", size: Int64(size))
    }

    @Test(arguments: [1, 2, 3, 4, 7, 16, 40])
    func theShardsTogetherHoldEveryDocumentExactlyOnce(count: Int) {
        let parts = (1...count).map { BatchShard(index: $0, count: count)!.select(Self.documents) }
        let all = parts.flatMap { $0 }
        #expect(all.count == Self.documents.count)
        #expect(Set(all.map(\.relativePath)) == Set(Self.documents.map(\.relativePath)))
        // Stable: the same tree, listed in any order, deals the same shards.
        let again = (1...count).map { BatchShard(index: $0, count: count)!.select(Self.documents.reversed()) }
        #expect(again == parts)
        // Balanced: no shard is heavier than the lightest by more than the largest document.
        let loads = parts.map { $0.reduce(Int64(0)) { $0 + $1.size } }
        #expect(loads.max()! - loads.min()! <= Self.documents.map(\.size).max()!)
        for part in parts { #expect(part.map(\.relativePath) == part.map(\.relativePath).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }) }
    }

    @Test func parsesKOverN() {
        #expect(BatchShard(parsing: "2/8") == BatchShard(index: 2, count: 8))
        #expect(BatchShard(parsing: "1/1")?.description == "1/1")
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/2/3", "/2", ""] {
            #expect(BatchShard(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("the summary says 1 page, as the other report lines do")
    func summarySaysOnePage() {
        let document = Self.documents[0]
        let flattened = BatchResult(document: document, output: "/out/a.pdf",
                                    outcome: .flattened(FlattenReport(output: "/out/a.pdf", sidecar: nil, pageCount: 1,
                                                                      inkedPageCount: 1, strokeCount: 1, warnings: [])))
        let report = BatchReport(source: "/src", output: "/out", shard: nil, jobs: 1, results: [flattened],
                                 unreadable: [], ignored: [], seconds: 1)
        #expect(report.summaryLines.first == "batch: 1 document: 1 flattened (1 page), 0 up to date, 0 skipped without ink, 0 failed")
    }
}
