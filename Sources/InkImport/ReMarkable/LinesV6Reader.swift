import InkModel

/// Reads a version 6 lines file: tagged blocks, each with its length, that
/// build a scene tree (groups, whose children under the root are the layers)
/// of CRDT sequences of lines, highlighted-text ranges and typed text.
///
/// Every length is checked against the block (or sub-block) it sits in and
/// the file; a block of a type this reader does not know is skipped by its
/// length, and the page gets one warning for all of them.
struct LinesV6Reader {
    let bytes: [UInt8]
    let path: String

    private enum TagType: UInt8 {
        case id = 0xF, length4 = 0xC, byte8 = 0x8, byte4 = 0x4, byte1 = 0x1
    }

    /// A scene-tree node (a group).
    private struct Node {
        var parent: CrdtID?
        var label: String?
        var visible = true
        var anchorID: CrdtID?
        var anchorOriginX: Double?
        var children: [Child] = []
    }

    /// An entry of a group's CRDT sequence.
    private struct Child {
        var item: CrdtSequence.Item
        var deleted: Bool
        var value: Value?
        var offset: Int
    }

    private enum Value {
        case group(CrdtID)
        case line(LinesPage.Line)
        case glyph(LinesPage.GlyphHighlight)
    }

    private var nodes: [CrdtID: Node] = [CrdtID.root: Node()]
    private var paperSize: (width: Int, height: Int)?
    private var rootText: LinesPage.TypedText?
    private var unknownBlockTypes: [UInt8: Int] = [:]
    private var newerBlocks = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    mutating func read() throws(ReMarkableImportError) -> LinesPage {
        var reader = LinesByteReader(bytes: bytes, path: path, offset: LinesFileReader.headerLength)
        while reader.offset < bytes.count {
            let blockOffset = reader.offset
            guard bytes.count - blockOffset >= 8 else {
                throw .truncated(path: path, offset: blockOffset, what: "a block header (8 bytes, \(bytes.count - blockOffset) left)")
            }
            let length = Int(try reader.uint32("a block length"))
            _ = try reader.uint8("a block header")
            let minVersion = try reader.uint8("a block header")
            let currentVersion = try reader.uint8("a block header")
            let type = try reader.uint8("a block header")
            let bodyStart = reader.offset
            guard length <= bytes.count - bodyStart else {
                throw .truncated(path: path, offset: blockOffset,
                                 what: "block of type 0x\(String(type, radix: 16)) (\(length) bytes declared, \(bytes.count - bodyStart) left)")
            }
            var body = LinesByteReader(bytes: bytes, path: path, offset: bodyStart)
            body.limit = bodyStart + length
            try readBlock(type: type, minVersion: minVersion, version: currentVersion, body: &body, blockOffset: blockOffset)
            reader.offset = bodyStart + length
        }
        return try buildPage()
    }

    // MARK: Blocks

    private mutating func readBlock(type: UInt8, minVersion: UInt8, version: UInt8, body: inout LinesByteReader,
                                    blockOffset: Int) throws(ReMarkableImportError) {
        // A block whose oldest readable version is newer than any this reader knows
        // changed its layout: skip it like an unknown one.
        let newestKnown: [UInt8: UInt8] = [0x00: 1, 0x01: 1, 0x02: 2, 0x03: 1, 0x04: 1, 0x05: 2, 0x06: 1, 0x07: 1,
                                           0x08: 1, 0x09: 1, 0x0A: 1, 0x0D: 1]
        guard let known = newestKnown[type] else {
            unknownBlockTypes[type, default: 0] += 1
            return
        }
        guard minVersion <= known else {
            newerBlocks += 1
            return
        }
        switch type {
        case 0x01: try readSceneTree(&body)
        case 0x02: try readTreeNode(&body)
        case 0x03, 0x04, 0x05: try readSceneItem(type: type, version: version, &body, blockOffset: blockOffset)
        case 0x07: try readRootText(&body)
        case 0x0D: try readSceneInfo(&body)
        default: break  // migration info, author ids, page info, text items, tombstones: nothing to draw
        }
    }

    private mutating func readSceneTree(_ r: inout LinesByteReader) throws(ReMarkableImportError) {
        let treeID = try readID(&r, 1, "a scene-tree block's node id")
        _ = try readID(&r, 2, "a scene-tree block's id")
        _ = try readByte(&r, 3, "a scene-tree block's update flag")
        var sub = try subblock(&r, 4, "a scene-tree block's parent")
        let parent = try readID(&sub, 1, "a scene-tree block's parent id")
        r.offset = sub.limit
        if nodes[treeID] == nil { nodes[treeID] = Node() }
        if treeID != .root { nodes[treeID]?.parent = parent }
    }

    private mutating func readTreeNode(_ r: inout LinesByteReader) throws(ReMarkableImportError) {
        let nodeID = try readID(&r, 1, "a tree-node block's id")
        var labelBlock = try subblock(&r, 2, "a layer name")
        _ = try readID(&labelBlock, 1, "a layer name's timestamp")
        let label = try readString(&labelBlock, 2, "a layer name")
        r.offset = labelBlock.limit
        var visibleBlock = try subblock(&r, 3, "a layer's visibility")
        _ = try readID(&visibleBlock, 1, "a layer visibility's timestamp")
        let visible = try readByte(&visibleBlock, 2, "a layer's visibility") != 0
        r.offset = visibleBlock.limit
        var anchorID: CrdtID?
        var anchorX: Double?
        if peekTag(r, 7, .length4) {
            var a = try subblock(&r, 7, "a group's anchor")
            _ = try readID(&a, 1, "an anchor's timestamp")
            anchorID = try readID(&a, 2, "a group's anchor")
            r.offset = a.limit
            if peekTag(r, 8, .length4) { r.offset = try subblock(&r, 8, "an anchor type").limit }
            if peekTag(r, 9, .length4) { r.offset = try subblock(&r, 9, "an anchor threshold").limit }
            if peekTag(r, 10, .length4) {
                var s = try subblock(&r, 10, "an anchor's x origin")
                _ = try readID(&s, 1, "an anchor origin's timestamp")
                anchorX = Double(try readFloat(&s, 2, "an anchor's x origin"))
                r.offset = s.limit
            }
        }
        guard nodes[nodeID] != nil else {
            throw .corrupt(path: path, offset: r.offset, what: "a tree-node block names group \(nodeID), which no scene-tree block created")
        }
        nodes[nodeID]?.label = label
        nodes[nodeID]?.visible = visible
        nodes[nodeID]?.anchorID = anchorID
        nodes[nodeID]?.anchorOriginX = anchorX
    }

    private mutating func readSceneItem(type: UInt8, version: UInt8, _ r: inout LinesByteReader,
                                        blockOffset: Int) throws(ReMarkableImportError) {
        let parent = try readID(&r, 1, "an item's parent")
        let itemID = try readID(&r, 2, "an item's id")
        let left = try readID(&r, 3, "an item's left neighbour")
        let right = try readID(&r, 4, "an item's right neighbour")
        let deletedLength = try readUInt32(&r, 5, "an item's deleted length")
        var value: Value?
        if r.remaining > 0, peekTag(r, 6, .length4) {
            var v = try subblock(&r, 6, "an item's value")
            let itemType = try v.uint8("an item's value type")
            let expected: UInt8 = type == 0x03 ? 1 : type == 0x04 ? 2 : 3
            guard itemType == expected else {
                throw .corrupt(path: path, offset: blockOffset, what: "an item block of type 0x0\(type) holds a value of type \(itemType)")
            }
            switch type {
            case 0x04: value = .group(try readID(&v, 2, "a group item's group"))
            case 0x05: value = .line(try readLine(&v, version: version, id: itemID))
            default: value = .glyph(try readGlyph(&v, id: itemID))
            }
            r.offset = v.limit
        }
        if type == 0x04, value == nil { return }  // a group item without a group adds nothing
        guard nodes[parent] != nil else {
            throw .corrupt(path: path, offset: blockOffset, what: "an item's parent group \(parent) was never created")
        }
        let child = Child(item: .init(id: itemID, left: left, right: right), deleted: deletedLength > 0 || value == nil,
                          value: value, offset: blockOffset)
        nodes[parent]?.children.append(child)
    }

    private func readLine(_ r: inout LinesByteReader, version: UInt8, id: CrdtID) throws(ReMarkableImportError) -> LinesPage.Line {
        let tool = try readUInt32(&r, 1, "a line's tool")
        let color = try readUInt32(&r, 2, "a line's colour")
        let thickness = try readDouble(&r, 3, "a line's thickness")
        let startingLength = try readFloat(&r, 4, "a line's starting length")
        var pointBlock = try subblock(&r, 5, "a line's points")
        let encoding = version >= 2 ? 2 : 1
        let size = encoding == 2 ? 14 : 24
        guard pointBlock.remaining % size == 0 else {
            throw .corrupt(path: path, offset: pointBlock.offset,
                           what: "a line's points take \(pointBlock.remaining) bytes, not a multiple of \(size)")
        }
        var points: [LinesPage.Point] = []
        points.reserveCapacity(pointBlock.remaining / size)
        while pointBlock.remaining > 0 {
            let x = try pointBlock.float32("a point"), y = try pointBlock.float32("a point")
            if encoding == 2 {
                let speed = try pointBlock.uint16("a point"), width = try pointBlock.uint16("a point")
                let direction = try pointBlock.uint8("a point"), pressure = try pointBlock.uint8("a point")
                points.append(.init(x: x, y: y, speed: Float(speed), direction: Float(direction), width: Float(width), pressure: Float(pressure)))
            } else {
                points.append(.init(x: x, y: y, speed: try pointBlock.float32("a point"), direction: try pointBlock.float32("a point"),
                                    width: try pointBlock.float32("a point"), pressure: try pointBlock.float32("a point")))
            }
        }
        r.offset = pointBlock.limit
        _ = try readID(&r, 6, "a line's timestamp")
        var moveID: CrdtID?
        if r.remaining >= 3, peekTag(r, 7, .id) { moveID = try readID(&r, 7, "a line's move id") }
        var rgba: (UInt8, UInt8, UInt8, UInt8)?
        if r.remaining >= 6, peekTag(r, 8, .byte4) {
            _ = try tag(&r, "a line's colour")
            let b = try r.uint8("a colour"), g = try r.uint8("a colour"), red = try r.uint8("a colour"), a = try r.uint8("a colour")
            rgba = (red, g, b, a)
        }
        return LinesPage.Line(tool: tool, color: color, thickness: thickness, extra: Double(startingLength), unknown: nil,
                              rgba: rgba, pointEncoding: encoding, points: points, id: id.description, moveID: moveID?.description)
    }

    private func readGlyph(_ r: inout LinesByteReader, id: CrdtID) throws(ReMarkableImportError) -> LinesPage.GlyphHighlight {
        let start = peekTag(r, 2, .byte4) ? try readUInt32(&r, 2, "a highlight's start") : nil
        let length = peekTag(r, 3, .byte4) ? try readUInt32(&r, 3, "a highlight's length") : nil
        let color = try readUInt32(&r, 4, "a highlight's colour")
        let text = try readString(&r, 5, "a highlight's text")
        var rects = try subblock(&r, 6, "a highlight's rectangles")
        let count = try rects.varuint("a rectangle count")
        guard count <= UInt64(rects.remaining / 32) else {
            throw .badLength(path: path, offset: rects.offset, what: "a count of \(count) highlight rectangles")
        }
        var rectangles: [(x: Double, y: Double, w: Double, h: Double)] = []
        for _ in 0..<Int(count) {
            rectangles.append((try rects.float64("a rectangle"), try rects.float64("a rectangle"),
                               try rects.float64("a rectangle"), try rects.float64("a rectangle")))
        }
        r.offset = rects.limit
        var rgba: (UInt8, UInt8, UInt8, UInt8)?
        if r.remaining >= 6, peekTag(r, 10, .byte4) {
            _ = try tag(&r, "a highlight's colour")
            let b = try r.uint8("a colour"), g = try r.uint8("a colour"), red = try r.uint8("a colour"), a = try r.uint8("a colour")
            rgba = (red, g, b, a)
        }
        return .init(color: color, rgba: rgba, text: text, start: start, length: length, rectangles: rectangles, id: id.description)
    }

    private mutating func readSceneInfo(_ r: inout LinesByteReader) throws(ReMarkableImportError) {
        r.offset = try subblock(&r, 1, "the scene's current layer").limit
        for index: UInt64 in [2, 3] where r.remaining > 0 && peekTag(r, index, .length4) {
            let s = try subblock(&r, index, "a scene flag")
            r.offset = s.limit
        }
        if r.remaining > 0, peekTag(r, 5, .length4) {
            var size = try subblock(&r, 5, "the paper size")
            let width = try size.uint32("the paper width"), height = try size.uint32("the paper height")
            r.offset = size.limit
            // The paper is the page (at the tablet's 226 dpi): its sides are page sides.
            for (name, side) in [("width", width), ("height", height)] {
                if let problem = InkRange.pageSideProblem("the paper \(name) (\(side) units)", Double(side) * ReMarkablePageGeometry.pointsPerUnit) {
                    throw .corrupt(path: path, offset: size.offset, what: "a paper size of \(width) × \(height): \(problem)")
                }
            }
            paperSize = (Int(width), Int(height))
        }
    }

    /// The most characters (live and deleted) the typed text of a file of `fileBytes` bytes may
    /// expand to: 16 a byte of the file, and at least 65,536. A deleted run is stored in about
    /// 20 bytes whatever its length, so without a bound on the total a small file makes the sort
    /// of millions; a real page's deleted text stays far below this.
    static func maximumTextEntries(fileBytes: Int) -> Int { max(1 << 16, 16 * fileBytes) }

    private mutating func readRootText(_ r: inout LinesByteReader) throws(ReMarkableImportError) {
        let textOffset = r.offset
        _ = try readID(&r, 1, "the text block's id")
        var content = try subblock(&r, 2, "the text")
        var itemsOuter = try subblock(&content, 1, "the text items")
        var items = try subblock(&itemsOuter, 1, "the text items")
        let count = try items.varuint("the text item count")
        guard count <= UInt64(items.remaining) else { throw .badLength(path: path, offset: items.offset, what: "a count of \(count) text items") }
        var textItems: [(item: CrdtSequence.Item, deleted: UInt32, value: String?, format: UInt32?)] = []
        for _ in 0..<Int(count) {
            var t = try subblock(&items, 0, "a text item")
            let itemID = try readID(&t, 2, "a text item's id")
            let left = try readID(&t, 3, "a text item's left neighbour")
            let right = try readID(&t, 4, "a text item's right neighbour")
            let deleted = try readUInt32(&t, 5, "a text item's deleted length")
            var string: String?
            var format: UInt32?
            if t.remaining > 0, peekTag(t, 6, .length4) {
                var s = try subblock(&t, 6, "a text item's string")
                string = try stringBody(&s, "a text item's string")
                if s.remaining > 0, peekTag(s, 2, .byte4) { format = try readUInt32(&s, 2, "a text format") }
                t.offset = s.limit
            }
            items.offset = t.limit
            textItems.append((.init(id: itemID, left: left, right: right), deleted, string, format))
        }
        content.offset = itemsOuter.limit
        var formatsOuter = try subblock(&content, 2, "the text formats")
        var formats = try subblock(&formatsOuter, 1, "the text formats")
        let formatCount = try formats.varuint("the text format count")
        guard formatCount <= UInt64(formats.remaining) else {
            throw .badLength(path: path, offset: formats.offset, what: "a count of \(formatCount) text formats")
        }
        var styles: [CrdtID: Int] = [:]
        for _ in 0..<Int(formatCount) {
            let author = try formats.uint8("a text format's character")
            let counter = try formats.varuint("a text format's character")
            _ = try readID(&formats, 1, "a text format's timestamp")
            var f = try subblock(&formats, 2, "a text format")
            _ = try f.uint8("a text format")
            styles[CrdtID(author: author, counter: counter)] = Int(try f.uint8("a text format code"))
            formats.offset = f.limit
        }
        r.offset = content.limit
        var position = try subblock(&r, 3, "the text position")
        let x = try position.float64("the text position"), y = try position.float64("the text position")
        r.offset = position.limit
        let width = Double(try readFloat(&r, 4, "the text width"))

        // One character per id: a string's characters have consecutive ids from the item's.
        // Deleted runs are expanded too (other items may name an id inside one), so the work is
        // bounded before it is done: an item that names its own run, or a run whose ids wrap, is
        // a loop; all the runs together may not pass `maximumTextEntries` (the file's size × 16).
        let textEntriesLimit = Self.maximumTextEntries(fileBytes: bytes.count)
        var textEntries = 0
        for t in textItems {
            let length: UInt64
            if t.deleted > 0 { length = UInt64(t.deleted) }
            else if t.format != nil, t.value?.isEmpty ?? true { length = 1 }
            else { length = UInt64(t.value?.count ?? 0) }
            let first = t.item.id.counter
            guard first <= UInt64.max - length else {
                throw .corrupt(path: path, offset: textOffset, what: "a text item at \(t.item.id) of \(length) characters runs past the largest id")
            }
            let inside = { (other: CrdtID) in other.author == t.item.id.author && other.counter >= first && other.counter < first + length }
            if inside(t.item.left) || inside(t.item.right) {
                throw .cycle(path: path, what: "the typed text's character sequence (item \(t.item.id) names a character of its own)")
            }
            textEntries += Int(length)
            guard textEntries <= textEntriesLimit else {
                throw .corrupt(path: path, offset: textOffset,
                               what: "the typed text's items expand to more than \(textEntriesLimit) characters (16 a byte of the file, at least 65536)")
            }
        }
        var chars: [(item: CrdtSequence.Item, char: Character?, format: UInt32?)] = []
        chars.reserveCapacity(textEntries)
        for t in textItems {
            if t.deleted > 0 {
                var id = t.item.id, left = t.item.left
                for k in 0..<Int(t.deleted) {
                    let next = CrdtID(author: id.author, counter: id.counter &+ 1)
                    chars.append((.init(id: id, left: left, right: k == Int(t.deleted) - 1 ? t.item.right : next), nil, nil))
                    left = id; id = next
                }
            } else if let format = t.format, t.value?.isEmpty ?? true {
                chars.append((t.item, nil, format))
            } else if let s = t.value, !s.isEmpty {
                let characters = Array(s)
                var id = t.item.id, left = t.item.left
                for (k, c) in characters.enumerated() {
                    let next = CrdtID(author: id.author, counter: id.counter &+ 1)
                    chars.append((.init(id: id, left: left, right: k == characters.count - 1 ? t.item.right : next), c, nil))
                    left = id; id = next
                }
            }
        }
        guard let order = CrdtSequence.order(chars.map(\.item)) else { throw .cycle(path: path, what: "the typed text's character sequence") }
        var paragraphs: [(text: String, style: Int, startID: String)] = []
        var current = "", startID = CrdtID.end
        for index in order {
            guard let c = chars[index].char else { continue }
            if c == "\n" {
                paragraphs.append((current, styles[startID] ?? 1, startID.description))
                current = ""
                startID = chars[index].item.id
            } else {
                current.append(c)
            }
        }
        paragraphs.append((current, styles[startID] ?? 1, startID.description))
        rootText = .init(x: x, y: y, width: width, paragraphs: paragraphs)
    }

    // MARK: The tree, walked into layers

    private func buildPage() throws(ReMarkableImportError) -> LinesPage {
        var page = LinesPage(version: 6, layers: [], paperSize: paperSize, text: rootText)
        let anchors = anchorPositions()
        let root = nodes[.root]!
        var looseItems = LinesPage.Layer(name: nil)
        // Each group is drawn where it is placed, once: a group placed twice (or in two groups)
        // would draw its lines as many times as the paths to it, 2^30 times at 30 levels.
        var placed: Set<CrdtID> = [.root]
        for child in try ordered(root.children, in: .root) {
            guard let value = child.value, !child.deleted else { continue }
            switch value {
            case .group(let layerID):
                guard let node = nodes[layerID] else {
                    throw .corrupt(path: path, offset: child.offset, what: "a layer item names group \(layerID), which does not exist")
                }
                var layer = LinesPage.Layer(name: node.label, visible: node.visible, id: layerID.description)
                var path: Set<CrdtID> = [.root]
                try collect(layerID, placedBy: child, in: .root, into: &layer.items, offsetX: 0, offsetY: 0, anchors: anchors,
                            path: &path, placed: &placed)
                page.layers.append(layer)
            case .line(let line): looseItems.items.append(.line(line))
            case .glyph(let glyph): looseItems.items.append(.highlight(glyph))
            }
        }
        if !looseItems.items.isEmpty { page.layers.insert(looseItems, at: 0) }
        var warnings: [String] = []
        if !unknownBlockTypes.isEmpty || newerBlocks > 0 {
            let count = unknownBlockTypes.values.reduce(0, +) + newerBlocks
            let types = unknownBlockTypes.keys.sorted().map { "0x" + String($0, radix: 16) }.joined(separator: ", ")
            warnings.append("\(path): \(count) block(s) of a newer firmware skipped\(types.isEmpty ? "" : " (types \(types))"); what they hold is not drawn")
        }
        page.warnings = warnings
        return page
    }

    private func ordered(_ children: [Child], in group: CrdtID) throws(ReMarkableImportError) -> [Child] {
        guard let order = CrdtSequence.order(children.map(\.item)) else {
            throw .cycle(path: path, what: "the item sequence of group \(group)")
        }
        return order.map { children[$0] }
    }

    private func collect(_ groupID: CrdtID, placedBy item: Child, in parent: CrdtID, into items: inout [LinesPage.Item],
                         offsetX: Double, offsetY: Double, anchors: [CrdtID: Double], path visiting: inout Set<CrdtID>,
                         placed: inout Set<CrdtID>) throws(ReMarkableImportError) {
        guard visiting.insert(groupID).inserted else { throw .cycle(path: path, what: "the scene tree at group \(groupID)") }
        defer { visiting.remove(groupID) }
        guard visiting.count < 256 else { throw .corrupt(path: path, offset: item.offset, what: "the scene tree nests groups more than 255 deep") }
        guard placed.insert(groupID).inserted else {
            throw .corrupt(path: path, offset: item.offset,
                           what: "group \(parent) places group \(groupID), which the scene tree already placed (item \(item.item.id)); a group may appear once")
        }
        guard let node = nodes[groupID] else { return }
        var dx = offsetX, dy = offsetY
        if let anchor = node.anchorID {
            dx += node.anchorOriginX ?? 0
            dy += anchors[anchor] ?? 0
        }
        for child in try ordered(node.children, in: groupID) {
            guard let value = child.value, !child.deleted else { continue }
            switch value {
            case .group(let sub):
                guard nodes[sub]?.visible ?? true else { continue }
                try collect(sub, placedBy: child, in: groupID, into: &items, offsetX: dx, offsetY: dy, anchors: anchors,
                            path: &visiting, placed: &placed)
            case .line(var line):
                line.offsetX = dx
                line.offsetY = dy
                items.append(.line(line))
            case .glyph(var glyph):
                glyph.rectangles = glyph.rectangles.map { ($0.x + dx, $0.y + dy, $0.w, $0.h) }
                items.append(.highlight(glyph))
            }
        }
    }

    /// The y of each text line's start (and of the two special anchors), in tablet units,
    /// as rmc places groups anchored to typed text.
    private func anchorPositions() -> [CrdtID: Double] {
        var anchors: [CrdtID: Double] = [CrdtID(author: 0, counter: 0xFFFF_FFFF_FFFE): 100,
                                         CrdtID(author: 0, counter: 0xFFFF_FFFF_FFFF): 100]
        guard let text = rootText else { return anchors }
        var y = text.y + ReMarkableTypedText.topOffset
        for paragraph in text.paragraphs {
            if let id = CrdtID(paragraph.startID) { anchors[id] = y }
            y += ReMarkableTypedText.lineHeight(style: paragraph.style)
        }
        return anchors
    }

    // MARK: Tags and tagged values

    private func tag(_ r: inout LinesByteReader, _ what: String) throws(ReMarkableImportError) -> (index: UInt64, type: UInt8) {
        let value = try r.varuint(what)
        return (value >> 4, UInt8(value & 0xF))
    }

    private func peekTag(_ r: LinesByteReader, _ index: UInt64, _ type: TagType) -> Bool {
        var copy = r
        guard copy.remaining > 0, let value = try? copy.varuint("a tag") else { return false }
        return value >> 4 == index && UInt8(value & 0xF) == type.rawValue
    }

    private func expect(_ r: inout LinesByteReader, _ index: UInt64, _ type: TagType, _ what: String) throws(ReMarkableImportError) {
        let start = r.offset
        let found = try tag(&r, what)
        guard found.index == index, found.type == type.rawValue else {
            throw .corrupt(path: path, offset: start,
                           what: "\(what): expected tag \(index)/0x\(String(type.rawValue, radix: 16)), found \(found.index)/0x\(String(found.type, radix: 16))")
        }
    }

    private func readID(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> CrdtID {
        try expect(&r, index, .id, what)
        return CrdtID(author: try r.uint8(what), counter: try r.varuint(what))
    }

    private func readByte(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> UInt8 {
        try expect(&r, index, .byte1, what)
        return try r.uint8(what)
    }

    private func readUInt32(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> UInt32 {
        try expect(&r, index, .byte4, what)
        return try r.uint32(what)
    }

    private func readFloat(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> Float {
        try expect(&r, index, .byte4, what)
        return try r.float32(what)
    }

    private func readDouble(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> Double {
        try expect(&r, index, .byte8, what)
        return try r.float64(what)
    }

    /// A sub-block: its reader is bounded by the sub-block's declared length, which must fit in `r`.
    private func subblock(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> LinesByteReader {
        try expect(&r, index, .length4, what)
        let lengthOffset = r.offset
        let length = Int(try r.uint32(what))
        guard length <= r.remaining else {
            throw .badLength(path: path, offset: lengthOffset, what: "\(what)'s length of \(length) bytes (\(r.remaining) left in its block)")
        }
        var sub = r
        sub.limit = r.offset + length
        return sub
    }

    private func readString(_ r: inout LinesByteReader, _ index: UInt64, _ what: String) throws(ReMarkableImportError) -> String {
        var s = try subblock(&r, index, what)
        let string = try stringBody(&s, what)
        r.offset = s.limit
        return string
    }

    private func stringBody(_ s: inout LinesByteReader, _ what: String) throws(ReMarkableImportError) -> String {
        let lengthOffset = s.offset
        let length = try s.varuint(what)
        _ = try s.uint8(what)
        guard length <= UInt64(s.remaining) else {
            throw .badLength(path: path, offset: lengthOffset, what: "\(what)'s length of \(length) bytes")
        }
        return String(decoding: try s.bytes(Int(length), what), as: UTF8.self)
    }
}

extension CrdtID {
    /// Parses "author:counter".
    init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let a = UInt8(parts[0]), let c = UInt64(parts[1]) else { return nil }
        self.init(author: a, counter: c)
    }
}
