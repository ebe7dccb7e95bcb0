/// Where each object an incremental update writes begins, kept small: an
/// annotation export writes three objects a stroke, 480,000 for 1000 dense
/// pages, where a list of (number, generation, offset) took 24 bytes each and
/// twice that while sorted. The file's own objects written again (pages,
/// page-tree nodes) are few and kept by number; the new ones, numbered from
/// the file's `/Size` up, are a flat list of offsets, 8 bytes each.
struct UpdateOffsets {
    /// The first new object's number (the file's `/Size`).
    let firstNew: Int
    private var replaced: [Int: (generation: Int, offset: Int)] = [:]
    /// Offset of object `firstNew + i`; -1 for a number taken but not (yet) written; below
    /// that, an object kept in an object stream (`compressed`).
    private var new: [Int] = []
    private static let untaken = -1
    /// Bits of a compressed entry for its index in the object stream.
    private static let indexBits = 20
    /// The most objects one object stream may hold here.
    static let maximumIndex = (1 << indexBits) - 1

    /// Where an object is: at an offset of the file, or the `index`-th object of object stream `stream`.
    enum Place {
        case offset(Int, generation: Int)
        case compressed(stream: Int, index: Int)
    }

    init(firstNew: Int) { self.firstNew = firstNew }

    var isEmpty: Bool { replaced.isEmpty && !new.contains { $0 != Self.untaken } }

    /// Whether any object is in an object stream: the cross-reference section must then be a stream.
    private(set) var hasCompressed = false

    /// New object `id` is the `index`-th of object stream `stream` (itself a new object).
    mutating func recordCompressed(id: Int, stream: Int, index: Int) {
        precondition(id >= firstNew && (0...Self.maximumIndex).contains(index), "a new object, within an object stream's bounds")
        setNew(id, -2 - (stream << Self.indexBits | index))
        hasCompressed = true
    }

    private mutating func setNew(_ id: Int, _ value: Int) {
        let index = id - firstNew
        if index >= new.count { new.append(contentsOf: repeatElement(Self.untaken, count: index - new.count + 1)) }
        new[index] = value
    }

    mutating func record(id: Int, generation: Int, offset: Int) {
        if id >= firstNew {
            setNew(id, offset)
        } else {
            replaced[id] = (generation, offset)
        }
    }

    /// Every entry in ascending object number.
    func forEach(_ body: (_ id: Int, _ place: Place) throws(IncrementalUpdateError) -> Void) throws(IncrementalUpdateError) {
        for id in replaced.keys.sorted() { try body(id, .offset(replaced[id]!.offset, generation: replaced[id]!.generation)) }
        for (index, value) in new.enumerated() where value != Self.untaken {
            if value >= 0 {
                try body(firstNew + index, .offset(value, generation: 0))
            } else {
                let packed = -2 - value
                try body(firstNew + index, .compressed(stream: packed >> Self.indexBits, index: packed & Self.maximumIndex))
            }
        }
    }

    /// Runs of consecutive object numbers: (first, count), ascending.
    var subsections: [(first: Int, count: Int)] {
        var runs: [(first: Int, count: Int)] = []
        func add(_ id: Int) {
            if let last = runs.last, last.first + last.count == id { runs[runs.count - 1].count += 1 } else { runs.append((id, 1)) }
        }
        for id in replaced.keys.sorted() { add(id) }
        for (index, value) in new.enumerated() where value != Self.untaken { add(firstNew + index) }
        return runs
    }
}
