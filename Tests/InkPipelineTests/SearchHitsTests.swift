import InkFixtures
import InkModel
@testable import InkPipeline
import Testing

/// The hits a document keeps (issue 52): the same words at the same place once, found by
/// hashing instead of comparing every pair, and no more than the bounds a page and in all.
@Suite struct SearchHitsTests {
    static func hit(page: Int, _ word: String, _ box: RecognisedText.Box?, kind: SearchHit.Kind = .handwriting) -> SearchHit {
        SearchHit(page: page, tokens: SearchText.tokens(of: word, box: box)[...], kind: kind)
    }

    /// The rule, pair by pair: a hit repeats a kept one of the same page, kind and words whose box it
    /// overlaps (edges included), or, without a box, a kept one without a box.
    static func reference(_ hits: [SearchHit]) -> [SearchHit] {
        var kept: [SearchHit] = []
        for hit in hits {
            let repeats = kept.contains { earlier in
                guard earlier.page == hit.page, earlier.kind == hit.kind, earlier.words == hit.words else { return false }
                guard let a = earlier.box, let b = hit.box else { return earlier.box == nil && hit.box == nil }
                return a.x <= b.maxX && b.x <= a.maxX && a.y <= b.maxY && b.y <= a.maxY
            }
            if !repeats { kept.append(hit) }
        }
        return kept.enumerated().sorted { ($0.element.page, $0.offset) < ($1.element.page, $1.offset) }.map(\.element)
    }

    @Test func theSameHitsAreKeptAsComparingEveryPairKeepsThem() {
        var random = SplitMix64(seed: 52)
        var disagreements = 0
        for _ in 0..<200 {
            var hits: [SearchHit] = []
            for _ in 0..<Int.random(in: 1...60, using: &random) {
                // Small pages and boxes of every size, so that boxes meet on cell edges, span many
                // cells, and touch at a corner; a few without a box, a few repeated exactly.
                let size = [0.0, 1, 16, 40, 200][Int.random(in: 0...4, using: &random)]
                let box = RecognisedText.Box(x: Double(Int.random(in: -40...200, using: &random)) / 2, y: Double(Int.random(in: -40...200, using: &random)) / 2,
                                             width: size * Double.random(in: 0...1, using: &random).rounded(), height: Double(Int.random(in: 0...40, using: &random)))
                let hit = Self.hit(page: Int.random(in: 1...2, using: &random), ["alpha", "beta"][Int.random(in: 0...1, using: &random)],
                                   Int.random(in: 0...9, using: &random) == 0 ? nil : box,
                                   kind: Int.random(in: 0...3, using: &random) == 0 ? .print : .handwriting)
                hits.append(hit)
                if Int.random(in: 0...5, using: &random) == 0 { hits.append(hit) }
            }
            var found = SearchHits()
            found.add(contentsOf: hits)
            if found.hits != Self.reference(hits) { disagreements += 1 }
            #expect(found.leftOut == 0)
        }
        #expect(disagreements == 0)
    }

    @Test func farAndHugeBoxesAreComparedWithoutTrapping() {
        let boxes = [RecognisedText.Box(x: -1e308, y: -1e308, width: 1e308, height: 1e308), RecognisedText.Box(x: 1e300, y: 40, width: 1e300, height: 10),
                     RecognisedText.Box(x: 1e300, y: 45, width: 1, height: 1), RecognisedText.Box(x: 0, y: 0, width: 0, height: 0),
                     RecognisedText.Box(x: -5, y: -5, width: 1, height: 1), RecognisedText.Box(x: 1.7e308, y: 1.7e308, width: 1e308, height: 1e308)]
        let hits = boxes.map { Self.hit(page: 1, "far", $0) }
        var found = SearchHits()
        found.add(contentsOf: hits)
        #expect(found.hits == Self.reference(hits))
    }

    @Test(.timeLimit(.minutes(1)))
    func aPageKeepsItsBoundAndADocumentItsOwn() {
        // Each word at its own place: 1,500 on each of 120 pages.
        var found = SearchHits()
        for page in 1...120 {
            for index in 0..<1_500 {
                found.add(Self.hit(page: page, "hit", RecognisedText.Box(x: Double(index % 100) * 3, y: Double(index / 100) * 3, width: 2, height: 2)))
            }
        }
        let perPage = SearchHits.maximumPerPage, inAll = SearchHits.maximumPerDocument
        let pagesKept = inAll / perPage
        #expect(found.hits.count == inAll)
        #expect(Set(found.hits.map(\.page)) == Set(1...pagesKept))
        #expect(found.leftOut == 120 * 1_500 - inAll)
        #expect(found.leftOutWarning(file: "a.pdf")?.hasPrefix("a.pdf: \(120 * 1_500 - inAll) more hits were found and not listed") == true)
        #expect(SearchHits().leftOutWarning(file: "a.pdf") == nil)
    }
}
