/// A CRDT identifier or timestamp of a version 6 lines file: an author byte
/// and a counter. Ordered as rmscene and the tablet order ties: author, then counter.
struct CrdtID: Hashable, Comparable, Sendable, CustomStringConvertible {
    var author: UInt8
    var counter: UInt64

    static let end = CrdtID(author: 0, counter: 0)
    static let root = CrdtID(author: 0, counter: 1)

    static func < (a: CrdtID, b: CrdtID) -> Bool {
        (a.author, a.counter) < (b.author, b.counter)
    }

    var description: String { "\(author):\(counter)" }
}
