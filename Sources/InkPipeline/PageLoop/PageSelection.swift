
/// Which source pages go into the output, from `--pages 2-5,9`.
public struct PageSelection: Sendable, Equatable {
    /// Inclusive ranges of 1-based page numbers; an open end (`7-`) runs to the last page.
    public var ranges: [(first: Int, last: Int?)]

    public static func == (a: PageSelection, b: PageSelection) -> Bool {
        a.ranges.count == b.ranges.count && zip(a.ranges, b.ranges).allSatisfy { $0.first == $1.first && $0.last == $1.last }
    }

    /// The selection written back as `parse` reads it.
    public var text: String {
        ranges.map { range in
            switch range.last {
            case .none: "\(range.first)-"
            case .some(let last) where last == range.first: "\(range.first)"
            case .some(let last): "\(range.first)-\(last)"
            }
        }.joined(separator: ",")
    }

    /// Parses `2-5,9`, `7-`, `1,3`; nil with a reason for anything else.
    public static func parse(_ text: String) -> Result<PageSelection, PageSelectionError> {
        var ranges: [(Int, Int?)] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Int(bounds[0]), first >= 1 else { return .failure(PageSelectionError(text: text)) }
            if bounds.count == 1 {
                ranges.append((first, first))
            } else if bounds[1].isEmpty {
                ranges.append((first, nil))
            } else {
                guard let last = Int(bounds[1]), last >= first else { return .failure(PageSelectionError(text: text)) }
                ranges.append((first, last))
            }
        }
        return .success(PageSelection(ranges: ranges))
    }

    /// The selected pages in ascending order, each once, or the first page
    /// asked for that the document does not have.
    public func pages(in pageCount: Int) -> Result<[Int], PageSelectionError> {
        var selected = Set<Int>()
        for range in ranges {
            let last = range.last ?? pageCount
            guard range.first <= pageCount, last <= pageCount else {
                return .failure(PageSelectionError(text: nil, missingPage: max(range.first, last), pageCount: pageCount))
            }
            selected.formUnion(range.first...last)
        }
        return .success(selected.sorted())
    }
}
