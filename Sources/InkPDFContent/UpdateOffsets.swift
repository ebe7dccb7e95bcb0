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
    /// Offset of object `firstNew + i`; -1 for a number taken but not (yet) written.
    private var new: [Int] = []

    init(firstNew: Int) { self.firstNew = firstNew }

    var isEmpty: Bool { replaced.isEmpty && !new.contains { $0 >= 0 } }

    mutating func record(id: Int, generation: Int, offset: Int) {
        if id >= firstNew {
            let index = id - firstNew
            if index >= new.count { new.append(contentsOf: repeatElement(-1, count: index - new.count + 1)) }
            new[index] = offset
        } else {
            replaced[id] = (generation, offset)
        }
    }

    /// Every entry in ascending object number.
    func forEach(_ body: (_ id: Int, _ generation: Int, _ offset: Int) throws(IncrementalUpdateError) -> Void) throws(IncrementalUpdateError) {
        for id in replaced.keys.sorted() { try body(id, replaced[id]!.generation, replaced[id]!.offset) }
        for (index, offset) in new.enumerated() where offset >= 0 { try body(firstNew + index, 0, offset) }
    }

    /// Runs of consecutive object numbers: (first, count), ascending.
    var subsections: [(first: Int, count: Int)] {
        var runs: [(first: Int, count: Int)] = []
        func add(_ id: Int) {
            if let last = runs.last, last.first + last.count == id { runs[runs.count - 1].count += 1 } else { runs.append((id, 1)) }
        }
        for id in replaced.keys.sorted() { add(id) }
        for (index, offset) in new.enumerated() where offset >= 0 { add(firstNew + index) }
        return runs
    }
}
