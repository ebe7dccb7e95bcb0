/// Where a page sits in the page tree: its object, and the node whose `/Kids`
/// lists it with its index there (a page object listed twice has two places).
public struct PagePlace: Equatable, Sendable {
    /// The page's object number and generation; 0 for a kid written directly in
    /// `/Kids` (not an object of the file: qpdf would make one of it).
    public var id: Int32
    public var generation: Int32
    public var parent: Int32
    public var parentGeneration: Int32
    public var index: Int32

    public init(id: Int32, generation: Int32, parent: Int32, parentGeneration: Int32, index: Int32) {
        self.id = id
        self.generation = generation
        self.parent = parent
        self.parentGeneration = parentGeneration
        self.index = index
    }
}

extension QPDFDocument {
    /// Visits every page in the order qpdf (and poppler) number them, with its place
    /// and its object, without qpdf's list of all pages (which would parse every page
    /// dictionary up front and keep it). A kid with `/Kids` is a node, a kid that is not
    /// a dictionary is skipped (as qpdf and poppler skip it), and any other kid a page,
    /// whatever the nodes' `/Count` say: qpdf counts kids and believes no count (poppler
    /// believes only the root's), so a count that lies must not move a page's number.
    ///
    /// Each node's kids are read once, so the work is bounded by the file: a node
    /// reached a second time (a loop, or a subtree two nodes share, whose pages qpdf
    /// would copy), a node written directly in `/Kids`, or a tree deeper than 64 levels
    /// ends the walk with `failure(.damaged(…))`. Handles are released after every page,
    /// and for a document read as written what qpdf parsed is dropped every `interval`
    /// pages or more (if given; `ReopeningSchedule`: no more often than the pages' own
    /// time pays for, since each drop costs a reading of the cross-reference table), so
    /// memory stays flat in the page count. `visit` must keep no object. Returns how many
    /// times the document was reopened.
    ///
    /// The corresponding C functions are `qpdf_oh_get_key`, `qpdf_get_object_by_id`
    /// and `qpdf_oh_get_array_item`.
    @discardableResult
    public func walkPages<E: Error>(reopeningEvery interval: Int?, failure: (QPDFError) -> E,
                                    _ visit: (PagePlace, QPDFObject) throws(E) -> Void) throws(E) -> Int {
        // The catalog through the trailer, not `qpdf_get_root`, which prints "application did not
        // handle error" on stderr when the file has none.
        guard let root = trailer.entryAsWritten("/Root"), root.isDictionary, let pages = root.entryAsWritten("/Pages") else { return 0 }
        guard pages.isIndirect else { throw failure(.damaged(reason: "the page tree's root is not an object")) }
        var stack: [(id: Int32, generation: Int32, index: Int32)] = [(pages.objectID, pages.generation, 0)]
        var nodes: Set<QPDFReference> = [QPDFReference(id: stack[0].id, generation: stack[0].generation)]
        var schedule = interval.map { ReopeningSchedule(every: $0, openingCost: openingCost) }
        var reopenings = 0
        releaseAllObjects()
        while let top = stack.last {
            let node = object(id: top.id, generation: top.generation)
            guard let kids = node.entryAsWritten("/Kids"), kids.isArray, top.index < kids.count else {
                stack.removeLast()
                continue
            }
            let kid = kids[Int(top.index)]
            stack[stack.count - 1].index += 1
            // A kid that is not a dictionary (a reference to no object, a number) is no page:
            // qpdf's list of pages and poppler both leave it out, so it must not move a page's number.
            guard kid.isDictionary else { continue }
            if kid.entryAsWritten("/Kids") != nil {
                let id = kid.objectID, generation = kid.generation
                guard kid.isIndirect else { throw failure(.damaged(reason: "a page-tree node is not an object")) }
                guard stack.count < 64 else { throw failure(.damaged(reason: "the page tree is deeper than 64 levels")) }
                guard nodes.insert(QPDFReference(id: id, generation: generation)).inserted else {
                    throw failure(.damaged(reason: "the page tree reaches node \(id) \(generation) R twice"))
                }
                stack.append((id, generation, 0))
                continue
            }
            let direct = !kid.isIndirect
            let place = PagePlace(id: direct ? 0 : kid.objectID, generation: direct ? 0 : kid.generation,
                                  parent: top.id, parentGeneration: top.generation, index: top.index)
            try visit(place, kid)
            releaseAllObjects()
            if schedule?.pageDone() == true {
                do throws(QPDFError) {
                    try schedule?.reopen { () throws(QPDFError) in try reopen() }
                } catch {
                    throw failure(error)
                }
                reopenings += 1
            }
        }
        return reopenings
    }
}
