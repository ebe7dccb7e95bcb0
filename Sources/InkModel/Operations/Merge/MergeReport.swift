/// What a three-way merge did: per page, the gestures added, removed,
/// changed (partly erased or edited by one side) and in conflict.
public struct MergeReport: Sendable, Equatable {
    /// Pages where something changed against the base, ascending.
    public var pages: [Page] = []
    /// Pages, layers and strokes in the result.
    public var pagesWritten = 0
    public var layersWritten = 0
    public var strokesWritten = 0
    /// Things about the whole file (the header), one line each.
    public var notes: [String] = []

    public init(pages: [Page] = [], notes: [String] = []) {
        self.pages = pages
        self.notes = notes
    }

    public var conflictCount: Int { count(.conflict) }

    /// How many gestures changed in this way over all pages.
    public func count(_ kind: Kind) -> Int {
        pages.reduce(0) { $0 + $1.changes.count { $0.kind == kind } }
    }

    /// One page's changes, layer by layer in the order the merge met them.
    public struct Page: Sendable, Equatable {
        public var page: Int
        public var changes: [Change]

        public init(page: Int, changes: [Change]) {
            self.page = page
            self.changes = changes
        }

        public var added: [Change] { changes.filter { $0.kind == .added } }
        public var removed: [Change] { changes.filter { $0.kind == .removed } }
        public var changed: [Change] { changes.filter { $0.kind == .changed } }
        public var conflicts: [Change] { changes.filter { $0.kind == .conflict } }
    }

    /// What happened to one gesture.
    public struct Change: Sendable, Equatable {
        public var kind: Kind
        /// Who did it; `.both` for a conflict or the same change on both sides.
        public var side: Side
        /// The layer's name (nil for an unnamed layer).
        public var layer: String?
        public var gesture: StrokeIdentity
        /// The gesture's ink type.
        public var ink: String
        /// Strokes (pieces) of the gesture: as added, as removed from the base, or in the result.
        public var strokes: Int
        /// For a conflict: how it was resolved.
        public var detail: String?

        public init(kind: Kind, side: Side, layer: String?, gesture: StrokeIdentity, ink: String,
                    strokes: Int, detail: String? = nil) {
            self.kind = kind
            self.side = side
            self.layer = layer
            self.gesture = gesture
            self.ink = ink
            self.strokes = strokes
            self.detail = detail
        }
    }

    public enum Kind: String, Sendable, CaseIterable {
        case added, removed
        /// Partly erased, or its ink or placement edited.
        case changed
        /// Changed differently on both sides.
        case conflict
    }

    public enum Side: String, Sendable {
        case local, remote, both
    }
}
