import LibQPDF

/// Leaves only the selected pages in a qpdf document, and nothing pointing at the others.
///
/// Pages left out are taken out of the page tree and replaced by null, so
/// that nothing (a structure element, an article bead) can pull them back
/// into the file. What would lead to them is removed: outline entries (their
/// children move up), links, named destinations, an `/OpenAction`, and form
/// fields whose widgets were on them. Page labels are rewritten so that each
/// page kept keeps its label.
enum PageRemoval {
    static func keep(_ kept: [Int], in document: QPDFDocument) throws(ExportError) {
        let pageCount = document.pageCount
        let keptSet = Set(kept)
        guard keptSet.count < pageCount else { return }
        let references = (1...pageCount).map { document.page($0).reference }
        var removed = Set<QPDFReference>()
        var removedAnnotations = Set<QPDFReference>()
        for number in 1...pageCount where !keptSet.contains(number) {
            if let reference = references[number - 1] { removed.insert(reference) }
            for annotation in document.page(number)["/Annots"]?.items ?? [] {
                if let reference = annotation.reference { removedAnnotations.insert(reference) }
            }
        }
        let targets = DestinationTargets(document: document)
        func leadsAway(_ object: QPDFObject) -> Bool {
            guard let page = targets.page(of: object) else { return false }
            return removed.contains(page)
        }

        for number in kept {
            guard let annotations = document.page(number)["/Annots"], annotations.isArray else { continue }
            for index in (0..<annotations.count).reversed() {
                let annotation = annotations[index]
                if annotation["/Subtype"]?.isName("/Link") == true, leadsAway(annotation) { annotations.removeItem(at: index) }
            }
        }
        document.releaseAllObjects()

        let root = document.root
        if let outlines = root["/Outlines"], outlines.isDictionary {
            pruneOutline(outlines, isRoot: true, leadsAway: leadsAway)
        }
        if let openAction = root["/OpenAction"], openAction.isArray || openAction.isDictionary, leadsAway(openAction) {
            root.remove("/OpenAction")
        }
        if let dests = root["/Dests"], dests.isDictionary {
            for key in dests.keys where dests[key].flatMap(DestinationTargets.explicitTarget).map(removed.contains) == true {
                dests.remove(key)
            }
        }
        if let tree = root["/Names"]?["/Dests"] {
            NameTree.removeEntries(of: tree) { _, value in DestinationTargets.explicitTarget(value).map(removed.contains) == true }
        }
        if let fields = root["/AcroForm"]?["/Fields"], fields.isArray {
            pruneFields(fields, removedWidgets: removedAnnotations, depth: 0)
        }
        relabel(kept: kept, in: document)
        document.releaseAllObjects()

        for number in (1...pageCount).reversed() where !keptSet.contains(number) {
            try document.removingPage(document.page(number))
            if let reference = references[number - 1] {
                document.replaceWithNull(id: reference.id, generation: reference.generation)
            }
            document.releaseAllObjects()
        }
        if let error = document.takeError() { throw .opening(.damagedPDF(path: document.path, reason: error)) }
    }

    /// Removes the outline items below `node` that lead to removed pages,
    /// moving their children up, and relinks and recounts what is left.
    /// - Returns: how many items below `node` show when it is open.
    @discardableResult
    private static func pruneOutline(_ node: QPDFObject, isRoot: Bool, depth: Int = 0,
                                     leadsAway: (QPDFObject) -> Bool) -> Int {
        func children(of item: QPDFObject) -> [QPDFObject] {
            var result: [QPDFObject] = []
            var seen = Set<QPDFReference>()
            var next = item["/First"]
            while let current = next, current.isDictionary, result.count < 100_000 {
                if let reference = current.reference, !seen.insert(reference).inserted { break }
                result.append(current)
                next = current["/Next"]
            }
            return result
        }
        func kept(_ items: [QPDFObject], depth: Int) -> [QPDFObject] {
            var result: [QPDFObject] = []
            for item in items {
                if depth < 64, leadsAway(item) {
                    result += kept(children(of: item), depth: depth + 1)
                } else {
                    result.append(item)
                }
            }
            return result
        }
        let document = node.document
        let items = kept(children(of: node), depth: depth)
        var visible = 0
        for (index, item) in items.enumerated() {
            item.set("/Parent", node)
            if index > 0 { item.set("/Prev", items[index - 1]) } else { item.remove("/Prev") }
            if index + 1 < items.count { item.set("/Next", items[index + 1]) } else { item.remove("/Next") }
            let below = depth < 64 ? pruneOutline(item, isRoot: false, depth: depth + 1, leadsAway: leadsAway) : 0
            let isOpen = (item["/Count"]?.integer ?? 0) > 0
            visible += 1 + (isOpen ? below : 0)
        }
        if let first = items.first, let last = items.last {
            node.set("/First", first)
            node.set("/Last", last)
            if isRoot {
                node.set("/Count", document.newInteger(visible))
            } else {
                let wasOpen = (node["/Count"]?.integer ?? 0) > 0
                node.set("/Count", document.newInteger(wasOpen ? visible : -visible))
            }
        } else {
            node.remove("/First")
            node.remove("/Last")
            if isRoot { node.set("/Count", document.newInteger(0)) } else { node.remove("/Count") }
        }
        return visible
    }

    /// Removes fields whose widgets were all on removed pages.
    private static func pruneFields(_ fields: QPDFObject, removedWidgets: Set<QPDFReference>, depth: Int) {
        for index in (0..<fields.count).reversed() {
            let field = fields[index]
            if let reference = field.reference, removedWidgets.contains(reference) {
                fields.removeItem(at: index)
            } else if depth < 32, let kids = field["/Kids"], kids.isArray, kids.count > 0 {
                pruneFields(kids, removedWidgets: removedWidgets, depth: depth + 1)
                if kids.count == 0 { fields.removeItem(at: index) }
            }
        }
    }

    /// Rewrites `/PageLabels` so that every page kept shows the label it had.
    private static func relabel(kept: [Int], in document: QPDFDocument) {
        let root = document.root
        guard let labels = root["/PageLabels"], labels.isDictionary else { return }
        let ranges = NameTree.entries(of: labels, leafKey: "/Nums")
            .compactMap { entry in entry.key.integer.map { (start: $0, style: entry.value) } }
            .sorted { $0.start < $1.start }
        guard !ranges.isEmpty else { return }
        let numbers = document.newArray()
        var previous: (index: Int, range: Int)?
        for (newIndex, page) in kept.enumerated() {
            let index = page - 1
            guard let rangeIndex = ranges.lastIndex(where: { $0.start <= index }) else { continue }
            defer { previous = (index, rangeIndex) }
            if let previous, previous.index == index - 1, previous.range == rangeIndex { continue }
            let range = ranges[rangeIndex]
            let style = range.style.isDictionary ? range.style.shallowCopy() : document.newDictionary()
            if style["/S"] != nil {
                style.set("/St", document.newInteger((style["/St"]?.integer ?? 1) + index - range.start))
            }
            numbers.append(document.newInteger(newIndex))
            numbers.append(style)
        }
        let tree = document.newDictionary()
        tree.set("/Nums", numbers)
        root.set("/PageLabels", tree)
    }
}
