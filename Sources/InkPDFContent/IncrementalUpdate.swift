import InkModel
import InkRendering
import LibDeflate
import LibQPDF

/// Puts ink on pages of a finished PDF by appending an incremental update
/// (ISO 32000-1, 7.5.6): the original bytes stay as they are, and after them
/// come new objects, replacement page dictionaries, a cross-reference section
/// of the same kind as the file's last one (a table, or a stream; always a
/// stream when annotations were added, whose dictionaries go into object
/// streams), and a trailer whose `/Prev` points back.
///
/// Each inked page gets a Form XObject of its ink (`InkContent`, already
/// compressed) with its own resources, and its dictionary is written again
/// with `/Contents [q original… ink]` (the original content in `q … Q`, so
/// nothing it leaves in the graphics state reaches the ink) and `/Resources`
/// the page's own (inherited ones included) plus the form under an unused
/// name. Everything is written as the pages come, so memory does not grow
/// with the page count beyond one cross-reference entry per object; qpdf
/// reads the page dictionaries from the file on demand.
///
/// Pages are numbered as qpdf numbers them (`QPDFDocument.walkPages`: the
/// tree's kids, not its `/Count`s). A page object the tree lists more than
/// once is one page to qpdf's first occurrence and a copy at every other (as
/// qpdf's own rewrite makes it): ink for another occurrence goes on a new page
/// object, and ink for the first gives the others plain copies, each put in
/// its node's `/Kids` in the update, so that no ink shows on two pages.
///
/// The form has no `/Group`: it is not a transparency group, so a multiply
/// highlighter darkens the page beneath. ExtGStates, grain patterns and their
/// tile images are written once per document, when first used (a stipple's
/// patterns with the colour space they are painted in, named in the form).
///
/// The trailer's `/ID` keeps its first element (the document's permanent
/// identifier) and gets a new second one (ISO 32000-1, 14.4): the first 16
/// bytes of a SHA-256 of the previous `/ID`, the previous cross-reference
/// offset and every byte of the update, so that it changes with the content.
///
/// Encrypted files are refused (`.encrypted`): the new streams would need the
/// file's key. Deterministic: the same file and ink give the same bytes.
public struct IncrementalUpdate: ~Copyable {
    /// The file as written, read by qpdf (`QPDFDocument(asWrittenAt:)`).
    private let reader: QPDFDocument
    private var file: AppendingFile
    private let tail: PDFFileTail
    private let previousSize: Int
    private let trailerEntries: String
    /// The previous `/ID`'s first element as PDF syntax, and the whole of it; nil when
    /// the file has none or one that is not an array of two strings (copied as it is).
    private let identifier: (first: String, previous: String)?
    /// Every page's place in the tree, in qpdf's order.
    private let places: [PagePlace]
    /// The page numbers (ascending) of each page object the tree lists more than once.
    private let occurrences: [Int64: [Int]]
    /// The new page objects that replace a kid of a node: (node, index) → object number.
    private var newKids: [KidSlot: Int] = [:]
    private var nextObject: Int
    private var offsets: UpdateOffsets
    private var updatedPages: Set<Int> = []
    /// qpdf is reopened every so many pages, to drop the objects it parsed:
    /// memory stays flat in the page count.
    private static let reopenInterval = 128

    private var saveStream: Int?
    private var graphicsStates: [InkGraphicsState: Int] = [:]
    private var tileImages: [Grain: Int] = [:]
    private var patterns: [PatternKey: Int] = [:]
    private var closingStreams: [String: Int] = [:]

    private struct PatternKey: Hashable {
        var grain: Grain
        var height: [UInt8]
        var placement: [Double]?
    }
    /// The invisible text's font (its characters numbered as pages show them), and the
    /// number of its Type 0 font object, reserved when a page first shows text and written by `finish()`.
    private var handwritingFont = HandwritingFont()
    private var handwritingFontObject: Int?
    /// The handwriting's words left out of the text layer: the font had no room for their characters.
    public var handwritingWordsLeftOut: Int { handwritingFont.wordsLeftOut }
    /// The shared `/InkPDF:Header` stream, once written.
    private var headerStream: Int?

    private struct KidSlot: Hashable {
        var parent: Int32
        var parentGeneration: Int32
        var index: Int32
    }

    private struct Trailer {
        var size: Int
        var entries: String
        var identifier: (first: String, previous: String)?
        var places: [PagePlace]
    }

    /// Appends to `path` itself: flatten's output, once cairo has finished it.
    /// The update is staged in `staging` (default `path + ".update"`; removed
    /// when done or abandoned) and copied onto the end of `path` by `finish()`,
    /// so that qpdf keeps reading a whole PDF meanwhile.
    public init(appendingTo path: String, staging: String? = nil) throws(IncrementalUpdateError) {
        let tail = try PDFFileTail.read(path)
        let reader = try Self.open(path)
        let trailer = try Self.readTrailer(reader)
        let file = try AppendingFile(path: path, staging: staging ?? path + ".update")
        try self.init(tail: tail, reader: reader, trailer: trailer, file: file)
    }

    /// Copies `original` to `output` (a new file; streamed in fixed-size pieces)
    /// and appends to the copy: export, where the original's bytes, and so any
    /// signature over them, stay intact. qpdf reads `original`.
    public init(original: String, output: String) throws(IncrementalUpdateError) {
        let tail = try PDFFileTail.read(original)
        let reader = try Self.open(original)
        let trailer = try Self.readTrailer(reader)
        try AppendingFile.copy(original, to: output)
        let file = try AppendingFile(path: output)
        try self.init(tail: tail, reader: reader, trailer: trailer, file: file)
    }

    private init(tail: PDFFileTail, reader: QPDFDocument, trailer: Trailer,
                 file: consuming AppendingFile) throws(IncrementalUpdateError) {
        self.tail = tail
        self.reader = reader
        previousSize = trailer.size
        trailerEntries = trailer.entries
        identifier = trailer.identifier
        places = trailer.places
        occurrences = Self.occurrences(trailer.places)
        nextObject = trailer.size
        offsets = UpdateOffsets(firstNew: trailer.size)
        // The update's identifier is made from what came before it as well as from its own bytes.
        try file.digest(Array(((trailer.identifier?.previous ?? "") + " \(tail.startXRef)\n").utf8))
        self.file = file
    }

    /// `path` opened as written (`IncrementalUpdateError(qpdf:path:)` says why it cannot take an update).
    private static func open(_ path: String) throws(IncrementalUpdateError) -> QPDFDocument {
        do throws(QPDFError) { return try QPDFDocument(asWrittenAt: path) } catch { throw IncrementalUpdateError(qpdf: error, path: path) }
    }

    private static func readTrailer(_ reader: QPDFDocument) throws(IncrementalUpdateError) -> Trailer {
        let trailer = reader.trailer
        let size = trailer.entryAsWritten("/Size").flatMap(\.integer) ?? 1
        var entries = ""
        for key in ["/Root", "/Info"] {
            if let value = trailer.entryAsWritten(key) { entries += key + " " + value.unparsedAsWritten }
        }
        var identifier: (first: String, previous: String)?
        if let id = trailer.entryAsWritten("/ID") {
            let items = id.items
            if items.count == 2, items.allSatisfy(\.isString) {
                identifier = (items[0].unparsedAsWritten, id.unparsedAsWritten)
            } else {
                entries += "/ID " + id.unparsedAsWritten
            }
        }
        reader.releaseAllObjects()
        // qpdf holds every page dictionary it parsed until it is reopened, and a reopen reads
        // the whole cross-reference table again: reopening every 256 pages kept memory flat
        // but cost the square of the page count (on a flat tree of tens of thousands of pages),
        // never reopening costs memory that grows with the pages. The interval came from the
        // root's /Count, which a file may lie about (/Count 1 brought the square back); now
        // `ReopeningSchedule` decides from the walk itself, none more often than every 256 pages.
        var places: [PagePlace] = []
        try reader.walkPages(reopeningEvery: 256, failure: { IncrementalUpdateError(qpdf: $0, path: reader.path) }) { (place, _) throws(IncrementalUpdateError) in
            places.append(place)
        }
        return Trailer(size: max(size, 1), entries: entries, identifier: identifier, places: places)
    }

    private static func occurrences(_ places: [PagePlace]) -> [Int64: [Int]] {
        var first: [Int64: Int] = [:]
        var shared: [Int64: [Int]] = [:]
        for (index, place) in places.enumerated() where place.id > 0 {
            let key = Int64(place.id) << 32 | Int64(place.generation)
            if let number = first[key] { shared[key, default: [number]].append(index + 1) } else { first[key] = index + 1 }
        }
        return shared
    }

    /// The number of pages, as qpdf counts them.
    public var pageCount: Int { places.count }

    /// Whether the cross-reference section will be a stream: when the file's last one is, or
    /// when objects went into object streams (annotations), which only a stream can list.
    public var writesXRefStream: Bool { tail.isXRefStream || offsets.hasCompressed }

    /// Lays `content` over page `number` (1-based). `matrix` (`a b c d e f`)
    /// places the ink's displayed page on the page's default user space
    /// (export: the page's boxes, `/Rotate` and `/UserUnit`); nil when the two
    /// are the same (flatten: cairo's pages are the displayed pages).
    /// Text only (`CompressedInkContent.isTextOnly`), the page gets the words and no form.
    public mutating func addInk(_ content: CompressedInkContent, toPage number: Int,
                                matrix: [Double]? = nil) throws(IncrementalUpdateError) {
        let (place, page, copied) = try beginPageUpdate(number)
        defer { reader.releaseAllObjects() }
        let form = content.isTextOnly ? nil : try writeForm(content)

        // The page's resources (its own or inherited, through the node that lists it) with the form added under an unused name.
        let resources = copied ? page.entryAsWritten("/Resources") ?? reader.object(id: place.parent, generation: place.parentGeneration).inheritedAsWritten("/Resources")
                               : page.inheritedAsWritten("/Resources")
        var xObjectEntries = ""
        var taken: Set<String> = []
        if let resources, let xObjects = resources.entryAsWritten("/XObject") {
            for key in xObjects.dictionaryKeys {
                guard let value = xObjects.entryAsWritten(key) else { continue }
                taken.insert(key)
                xObjectEntries += reader.unparsedName(key) + " " + value.unparsedAsWritten
            }
        }
        var formName = "/InkPDFInk"
        var suffix = 1
        while taken.contains(formName) { suffix += 1; formName = "/InkPDFInk\(suffix)" }
        // The invisible text of the handwriting, if any: a stream of its own after the ink, in the
        // ink's frame (the closing stream's `cm` leaves the page's space so), its font under an unused name.
        var text: (stream: Int, font: String, fonts: String)?
        if !content.text.isEmpty {
            var fontEntries = ""
            var fontNames: Set<String> = []
            if let resources, let fonts = resources.entryAsWritten("/Font") {
                for key in fonts.dictionaryKeys {
                    guard let value = fonts.entryAsWritten(key) else { continue }
                    fontNames.insert(key)
                    fontEntries += reader.unparsedName(key) + " " + value.unparsedAsWritten
                }
            }
            var fontName = "/" + HandwritingFont.name
            var suffix = 1
            while fontNames.contains(fontName) { suffix += 1; fontName = "/\(HandwritingFont.name)\(suffix)" }
            if let operators = handwritingFont.operators(for: content.text, frameHeight: content.height,
                                                         resource: String(fontName.dropFirst())) {
                let stream = newObject()
                try writeStream(stream, dictionary: "<</Filter/FlateDecode>>",
                                data: InkContentCompression.deflate(operators, level: InkContentCompression.inkLevel))
                if handwritingFontObject == nil { handwritingFontObject = newObject() }
                text = (stream, fontName, fontEntries + fontName + " \(handwritingFontObject!) 0 R")
            }
        }
        var resourceEntries = ""
        if let resources {
            for key in resources.dictionaryKeys where !(key == "/XObject" && form != nil) && !(key == "/Font" && text != nil) {
                guard let value = resources.entryAsWritten(key) else { continue }
                resourceEntries += reader.unparsedName(key) + " " + value.unparsedAsWritten
            }
        }
        if let text { resourceEntries += "/Font<<" + text.fonts + ">>" }
        if let form { resourceEntries += "/XObject<<" + xObjectEntries + formName + " \(form) 0 R>>" }

        // The contents: q, the original streams, then Q and the ink.
        var contents = "[\(try saveStreamObject()) 0 R"
        if let original = page.entryAsWritten("/Contents") {
            if original.isArray {
                for item in original.items { contents += " " + item.unparsedAsWritten }
            } else {
                contents += " " + original.unparsedAsWritten
            }
        }
        contents += " \(try closingStream(formName: form == nil ? nil : formName, matrix: matrix)) 0 R"
        if let text { contents += " \(text.stream) 0 R" }
        contents += "]"

        let dictionary = pageDictionary(page, parent: copied ? place : nil, resources: "<<" + resourceEntries + ">>", contents: contents)
        try endPageUpdate(number, place: place, copied: copied, id: copied ? newObject() : nil, dictionary: dictionary)
    }

    /// Adds `page`'s annotations to page `number`'s `/Annots` (after the ones it has), each
    /// with its appearance, `/P` the page and `/InkPDF:Strokes` the page's packed strokes (one
    /// stream they share) with the range it draws; `header` (the deflated ink-layers header
    /// line) is written once, as `/InkPDF:Header` of every annotation added. The page's content
    /// is left as it is.
    public mutating func addAnnotations(_ page: InkAnnotationPage, toPage number: Int,
                                        header: [UInt8]? = nil) throws(IncrementalUpdateError) {
        guard !page.annotations.isEmpty else { return }
        let (place, pageObject, copied) = try beginPageUpdate(number)
        defer { reader.releaseAllObjects() }
        // A copy of a page listed twice is a new object: its number is needed for /P.
        let pageID = copied ? newObject() : Int(place.id)
        let pageReference = "\(pageID) \(copied ? 0 : Int(place.generation)) R"
        var headerEntry = ""
        if let header {
            if headerStream == nil {
                let id = newObject()
                try writeStream(id, dictionary: "<</Filter/FlateDecode>>", data: header)
                headerStream = id
            }
            headerEntry = Self.headerKey + " \(headerStream!) 0 R"
        }
        let strokes = newObject()
        try writeStream(strokes, dictionary: "<</Filter/FlateDecode>>", data: page.packedStrokes)
        var annots = "["
        if let existing = pageObject.entryAsWritten("/Annots"), existing.isArray {
            for item in existing.items { annots += item.unparsedAsWritten + " " }
        }
        // The dictionaries go into object streams (deflated together: their keys repeat), the
        // appearances, being streams, beside them.
        var pending = ObjectStream()
        for annotation in page.annotations {
            let form = try writeForm(annotation.appearance, keys: InkResourceObjects.appearanceKeys(rect: annotation.rect))
            let id = newObject()
            let range = annotation.strokes
            pending.add(id, keys: annotation.keys, rest: "/P " + pageReference + "/AP<</N \(form) 0 R>>"
                            + Self.strokesKey + "[\(strokes) 0 R \(range.layer) \(range.first) \(range.count)]" + headerEntry)
            annots += "\(id) 0 R "
            if pending.count == Self.objectsPerStream { try writeObjectStream(&pending) }
        }
        try writeObjectStream(&pending)
        annots.removeLast()
        annots += "]"
        let dictionary = pageDictionary(pageObject, parent: copied ? place : nil, resources: nil, contents: nil, annots: annots)
        try endPageUpdate(number, place: place, copied: copied, id: copied ? pageID : nil, dictionary: dictionary)
    }

    /// inkpdf's private keys (`InkAnnotationKeys`, InkModel; `InkAnnotationFormat` in the pipeline describes them).
    public static let strokesKey = InkAnnotationKeys.strokes
    public static let layerKey = InkAnnotationKeys.layer
    public static let headerKey = InkAnnotationKeys.header

    /// Checks that page `number` can be updated now and returns its place, its dictionary and
    /// whether it is a later occurrence of a page object listed twice (it gets a copy of its own).
    private mutating func beginPageUpdate(_ number: Int) throws(IncrementalUpdateError) -> (place: PagePlace, page: QPDFObject, copied: Bool) {
        let count = places.count
        guard (1...max(count, 1)).contains(number), count > 0 else {
            throw .pageOutOfRange(path: reader.path, page: number, pageCount: count)
        }
        guard updatedPages.insert(number).inserted else { throw .pageAlreadyUpdated(path: reader.path, page: number) }
        if file.offset > 0, offsets.isEmpty, !file.endedWithNewline { try file.append("\n") }
        let place = places[number - 1]
        guard place.id > 0, place.id < previousSize else { throw .pageNotInFile(path: reader.path, page: number) }
        let page = reader.object(id: place.id, generation: place.generation)
        guard page.isDictionary else { throw .pageNotInFile(path: reader.path, page: number) }
        return (place, page, isLaterOccurrence(number))
    }

    /// Writes page `number`'s new dictionary: over the original object, or as the new object
    /// `id` that replaces a later occurrence in its node's `/Kids`.
    private mutating func endPageUpdate(_ number: Int, place: PagePlace, copied: Bool, id: Int?,
                                        dictionary: String) throws(IncrementalUpdateError) {
        if let error = reader.takeError() { throw .unreadablePDF(path: reader.path, reason: "page \(number): \(error)") }
        if copied, let id {
            try beginObject(id)
            newKids[KidSlot(parent: place.parent, parentGeneration: place.parentGeneration, index: place.index)] = id
        } else {
            try beginObject(Int(place.id), generation: Int(place.generation))
        }
        try file.append(dictionary)
        try file.append("\nendobj\n")
        if updatedPages.count % Self.reopenInterval == 0 {
            reader.releaseAllObjects()
            do throws(QPDFError) { try reader.reopen() } catch { throw IncrementalUpdateError(qpdf: error, path: reader.path) }
        }
    }

    /// Whether page `number` is an occurrence of a page object the tree listed on an earlier page.
    private func isLaterOccurrence(_ number: Int) -> Bool {
        let place = places[number - 1]
        return occurrences[Int64(place.id) << 32 | Int64(place.generation)].map { $0[0] != number } ?? false
    }

    /// A page dictionary as PDF syntax: `page`'s entries, with `/Resources` and `/Contents`
    /// replaced when given, and, for a copy (`parent` its place), `/Parent` the node that lists it.
    private func pageDictionary(_ page: QPDFObject, parent: PagePlace?, resources: String?, contents: String?,
                                annots: String? = nil) -> String {
        var dictionary = "<<"
        var wrote: Set<String> = []
        for key in page.dictionaryKeys {
            switch key {
            case "/Contents" where contents != nil: continue
            case "/Resources" where resources != nil: continue
            case "/Annots" where annots != nil: continue
            case "/Parent" where parent != nil: continue
            default:
                guard let value = page.entryAsWritten(key) else { continue }
                dictionary += reader.unparsedName(key) + " " + value.unparsedAsWritten
                wrote.insert(key)
            }
        }
        if let parent { dictionary += "/Parent \(parent.parent) \(parent.parentGeneration) R" }
        if let resources { dictionary += "/Resources" + resources }
        if let contents { dictionary += "/Contents" + contents }
        if let annots { dictionary += "/Annots" + annots }
        return dictionary + ">>"
    }

    /// Gives every other occurrence of an inked page's object, where that occurrence has
    /// no ink of its own, a plain copy of the original page: the ink stays on its page.
    private mutating func copyOccurrencesOfInkedPages() throws(IncrementalUpdateError) {
        for numbers in occurrences.values.sorted(by: { $0[0] < $1[0] }) where updatedPages.contains(numbers[0]) {
            for number in numbers.dropFirst() where !updatedPages.contains(number) {
                let place = places[number - 1]
                let dictionary = pageDictionary(reader.object(id: place.id, generation: place.generation), parent: place, resources: nil, contents: nil)
                if let error = reader.takeError() { throw .unreadablePDF(path: reader.path, reason: "page \(number): \(error)") }
                let id = newObject()
                try beginObject(id)
                try file.append(dictionary)
                try file.append("\nendobj\n")
                newKids[KidSlot(parent: place.parent, parentGeneration: place.parentGeneration, index: place.index)] = id
                reader.releaseAllObjects()
            }
        }
    }

    /// Writes again each node with a kid replaced by a copy (or its `/Kids` array, when that is an object of its own).
    private mutating func writeNodesWithNewKids() throws(IncrementalUpdateError) {
        let byNode = Dictionary(grouping: newKids, by: { [$0.key.parent, $0.key.parentGeneration] })
        for (node, slots) in byNode.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            defer { reader.releaseAllObjects() }
            let replacements = Dictionary(uniqueKeysWithValues: slots.map { (Int($0.key.index), $0.value) })
            let handle = reader.object(id: node[0], generation: node[1])
            guard let kids = handle.entryAsWritten("/Kids") else {
                throw .unreadablePDF(path: reader.path, reason: "node \(node[0]) \(node[1]) R has no /Kids")
            }
            var array = "["
            for (index, item) in kids.items.enumerated() {
                if index > 0 { array += " " }
                array += replacements[index].map { "\($0) 0 R" } ?? item.unparsedAsWritten
            }
            array += "]"
            if kids.isIndirect {
                try beginObject(Int(kids.objectID), generation: Int(kids.generation))
                try file.append(array)
            } else {
                var dictionary = "<<"
                for key in handle.dictionaryKeys where key != "/Kids" {
                    guard let value = handle.entryAsWritten(key) else { continue }
                    dictionary += reader.unparsedName(key) + " " + value.unparsedAsWritten
                }
                try beginObject(Int(node[0]), generation: Int(node[1]))
                try file.append(dictionary + "/Kids" + array + ">>")
            }
            if let error = reader.takeError() { throw .unreadablePDF(path: reader.path, reason: "node \(node[0]): \(error)") }
            try file.append("\nendobj\n")
        }
    }

    /// Writes the cross-reference section and the trailer, and closes the file.
    public consuming func finish() throws(IncrementalUpdateError) {
        if offsets.isEmpty {
            // Nothing to add: the file stays exactly as it was.
            try file.close()
            return
        }
        try writeHandwritingFont()
        try copyOccurrencesOfInkedPages()
        try writeNodesWithNewKids()
        // The changing identifier: of everything before the cross-reference section, which follows from it.
        let digest = try file.takeDigest()
        var entries = trailerEntries
        if let identifier {
            entries += "/ID[" + identifier.first + "<" + digest.prefix(16).map { Self.hexDigits[Int($0)] }.joined() + ">]"
        }
        if writesXRefStream {
            try writeXRefStream(entries)
        } else {
            try writeXRefTable(entries)
        }
        try file.close()
    }

    private static let hexDigits: [String] = (0..<256).map { byte in
        let digits = Array("0123456789ABCDEF")
        return String([digits[byte >> 4], digits[byte & 15]])
    }

    /// Writes object `id` anew (generation 0) as a stream whose dictionary is `dictionary`
    /// (PDF text `<<…>>` without `/Length`) and whose data are the `length` bytes of the
    /// file at `path`, copied in pieces: an attachment too large to hold in memory.
    public mutating func replaceStream(_ id: Int, dictionary: String, contentsOf path: String,
                                       length: Int) throws(IncrementalUpdateError) {
        precondition(dictionary.hasPrefix("<<") && dictionary.hasSuffix(">>"), "a stream dictionary is <<…>>")
        try beginObject(id)
        try file.append(String(dictionary.dropLast(2)) + "/Length \(length)>>\nstream\n")
        let copied = try file.append(contentsOf: path)
        guard copied == length else {
            throw .changedWhileCopied(path: path, expected: length, copied: copied)
        }
        try file.append("\nendstream\nendobj\n")
    }

    /// Rewrites the content streams of page `number` (1-based) that `patch` changes: each stream of
    /// its `/Contents` decoded, given to `patch`, and written anew (same object, deflated) when it
    /// returns other bytes. Returns how many streams were rewritten.
    public mutating func patchContents(ofPage number: Int, _ patch: ([UInt8]) -> [UInt8]) throws(IncrementalUpdateError) -> Int {
        guard number >= 1, number <= reader.pageCount else { return 0 }
        let replaced: [(id: Int, data: [UInt8])] = reader.releasingObjects {
            guard let contents = reader.page(number)["/Contents"] else { return [] }
            let streams = contents.isArray ? contents.items : [contents]
            return streams.compactMap { stream in
                guard stream.isStream, stream.isIndirect, let data = stream.streamData() else { return nil }
                let patched = patch(data)
                return patched == data ? nil : (Int(stream.objectID), patched)
            }
        }
        var compressor = DeflateCompressor(level: 6)
        for (id, data) in replaced {
            try writeStream(id, dictionary: "<</Filter/FlateDecode>>", data: compressor.zlib(data))
        }
        return replaced.count
    }

    // MARK: Objects

    private mutating func newObject() -> Int {
        defer { nextObject += 1 }
        return nextObject
    }

    private mutating func beginObject(_ id: Int, generation: Int = 0) throws(IncrementalUpdateError) {
        offsets.record(id: id, generation: generation, offset: file.offset)
        try file.append("\(id) \(generation) obj\n")
    }

    private mutating func writeStream(_ id: Int, dictionary: String, data: [UInt8]) throws(IncrementalUpdateError) {
        try beginObject(id)
        try file.append(String(dictionary.dropLast(2)) + "/Length \(data.count)>>\nstream\n")
        try file.append(data)
        try file.append("\nendstream\nendobj\n")
    }

    /// Objects waiting to be written into one object stream (ISO 32000-1, 7.5.7).
    private struct ObjectStream {
        var header: [UInt8] = []
        var body: [UInt8] = []
        var ids: [Int] = []
        var count: Int { ids.count }

        /// A dictionary `<<keys rest>>`.
        mutating func add(_ id: Int, keys: [UInt8], rest: String) {
            header.append(contentsOf: "\(id) \(body.count) ".utf8)
            body.append(contentsOf: "<<".utf8)
            body.append(contentsOf: keys)
            body.append(contentsOf: rest.utf8)
            body.append(contentsOf: ">>\n".utf8)
            ids.append(id)
        }
    }

    /// The most objects in one object stream: a viewer reads the whole stream for any of them.
    static let objectsPerStream = 200
    /// libdeflate's level for object streams: dictionaries, whose keys repeat.
    static let objectStreamLevel: Int32 = 6

    /// Writes `pending` (if not empty) as an object stream and empties it.
    private mutating func writeObjectStream(_ pending: inout ObjectStream) throws(IncrementalUpdateError) {
        guard pending.count > 0 else { return }
        let id = newObject()
        let data = InkContentCompression.deflate(pending.header + pending.body, level: Self.objectStreamLevel)
        try writeStream(id, dictionary: "<</Type/ObjStm/N \(pending.count)/First \(pending.header.count)/Filter/FlateDecode>>", data: data)
        for (index, object) in pending.ids.enumerated() { offsets.recordCompressed(id: object, stream: id, index: index) }
        pending = ObjectStream()
    }

    private mutating func writeForm(_ content: CompressedInkContent) throws(IncrementalUpdateError) -> Int {
        try writeForm(content, keys: InkResourceObjects.formKeys(width: content.width, height: content.height))
    }

    /// A Form XObject of `content` with `keys` (`/Type/XObject/Subtype/Form/BBox…`) and the resources it names.
    private mutating func writeForm(_ content: CompressedInkContent, keys: String) throws(IncrementalUpdateError) -> Int {
        var resources = ""
        if !content.graphicsStates.isEmpty {
            resources += "/ExtGState<<"
            for state in content.graphicsStates { resources += "/\(state.name) \(try graphicsStateObject(state)) 0 R" }
            resources += ">>"
        }
        if !content.grains.isEmpty {
            resources += "/Pattern<<"
            for grain in content.grains {
                resources += "/\(grain.patternName) \(try patternObject(grain, height: content.height, placement: content.placement)) 0 R"
            }
            resources += ">>"
        }
        if let colorSpaces = InkResourceObjects.colorSpaces(for: content.grains) { resources += colorSpaces }
        let id = newObject()
        try writeStream(id, dictionary: "<<" + keys + "/Resources<<" + resources + ">>/Filter/FlateDecode>>",
                        data: content.deflated)
        return id
    }

    /// The invisible text's font, once every page has numbered its characters: the Type 0 font
    /// (at its reserved number), its CIDFont, descriptor, program and `/ToUnicode` CMap.
    private mutating func writeHandwritingFont() throws(IncrementalUpdateError) {
        guard let type0 = handwritingFontObject else { return }
        let descendant = newObject(), toUnicode = newObject(), descriptor = newObject(), program = newObject()
        let cidToGIDMap = newObject()
        try beginObject(type0)
        try file.append(HandwritingFont.type0Dictionary(descendant: descendant, toUnicode: toUnicode))
        try file.append("\nendobj\n")
        try beginObject(descendant)
        try file.append(HandwritingFont.cidFontDictionary(descriptor: descriptor, cidToGIDMap: cidToGIDMap))
        try file.append("\nendobj\n")
        try writeStream(toUnicode, dictionary: "<</Filter/FlateDecode>>",
                        data: InkContentCompression.deflate(handwritingFont.toUnicode, level: 9))
        try beginObject(descriptor)
        try file.append(HandwritingFont.descriptorDictionary(program: program))
        try file.append("\nendobj\n")
        let font = HandwritingFont.program
        try writeStream(program, dictionary: "<</Length1 \(font.count)/Filter/FlateDecode>>",
                        data: InkContentCompression.deflate(font, level: 9))
        try writeStream(cidToGIDMap, dictionary: "<</Filter/FlateDecode>>",
                        data: InkContentCompression.deflate(handwritingFont.cidToGIDMap, level: 9))
    }

    private mutating func saveStreamObject() throws(IncrementalUpdateError) -> Int {
        if let saveStream { return saveStream }
        let id = newObject()
        try writeStream(id, dictionary: "<<>>", data: Array("q\n".utf8))
        saveStream = id
        return id
    }

    /// `Q`, the placement and `Do` of the form (none: the placement alone, for the text after it):
    /// shared by every page with the same name and matrix.
    private mutating func closingStream(formName: String?, matrix: [Double]?) throws(IncrementalUpdateError) -> Int {
        let text = InkResourceObjects.closingOperators(formName: formName, matrix: matrix)
        let key = String(decoding: text, as: UTF8.self)
        if let id = closingStreams[key] { return id }
        let id = newObject()
        try writeStream(id, dictionary: "<<>>", data: text)
        closingStreams[key] = id
        return id
    }

    private mutating func graphicsStateObject(_ state: InkGraphicsState) throws(IncrementalUpdateError) -> Int {
        if let id = graphicsStates[state] { return id }
        let id = newObject()
        try beginObject(id)
        try file.append(state.dictionary)
        try file.append("\nendobj\n")
        graphicsStates[state] = id
        return id
    }

    private mutating func tileImageObject(_ grain: Grain) throws(IncrementalUpdateError) -> Int {
        if let id = tileImages[grain] { return id }
        let image = InkResourceObjects.tileImage(grain)
        let id = newObject()
        try writeStream(id, dictionary: image.dictionary, data: image.data)
        tileImages[grain] = id
        return id
    }

    /// The grain's tiling pattern for pages `height` points high (`InkResourceObjects.pattern`).
    private mutating func patternObject(_ grain: Grain, height: Double, placement: [Double]?) throws(IncrementalUpdateError) -> Int {
        let key = PatternKey(grain: grain, height: Array(InkResourceObjects.heightText(height).utf8), placement: placement)
        if let id = patterns[key] { return id }
        let image = try tileImageObject(grain)
        let pattern = InkResourceObjects.pattern(grain, height: height, placement: placement, image: image)
        let id = newObject()
        try writeStream(id, dictionary: pattern.dictionary, data: pattern.data)
        patterns[key] = id
        return id
    }

    // MARK: Cross-reference section

    private mutating func writeXRefTable(_ trailerEntries: String) throws(IncrementalUpdateError) {
        let start = file.offset
        try file.append("xref\n")
        var runs = offsets.subsections[...]
        var left = 0
        var lines: [UInt8] = []
        try offsets.forEach { (_, place) throws(IncrementalUpdateError) in
            guard case .offset(let offset, let generation) = place else {
                preconditionFailure("an object stream's objects are listed by a cross-reference stream")
            }
            if left == 0, let run = runs.popFirst() {
                try file.append(lines)
                lines.removeAll(keepingCapacity: true)
                try file.append("\(run.first) \(run.count)\n")
                left = run.count
            }
            PDFNumberWriter.appendCrossReferenceEntry(offset: offset, generation: generation, to: &lines)
            left -= 1
        }
        try file.append(lines)
        let size = max(previousSize, nextObject)
        try file.append("trailer\n<</Size \(size)" + trailerEntries + "/Prev \(tail.startXRef)>>\nstartxref\n\(start)\n%%EOF\n")
    }

    private mutating func writeXRefStream(_ trailerEntries: String) throws(IncrementalUpdateError) {
        let id = newObject()
        let start = file.offset
        offsets.record(id: id, generation: 0, offset: start)
        var width = 1
        while max(start, nextObject) >> (8 * width) != 0 { width += 1 }
        width = max(width, 4)
        var data: [UInt8] = []
        try offsets.forEach { (_, place) throws(IncrementalUpdateError) in
            // Type 1: offset and generation; type 2: the object stream's number and the index in it.
            let (type, first, second): (UInt8, Int, Int) = switch place {
            case .offset(let offset, let generation): (1, offset, generation)
            case .compressed(let stream, let index): (2, stream, index)
            }
            data.append(type)
            for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: first >> shift)) }
            data.append(UInt8(truncatingIfNeeded: second >> 8))
            data.append(UInt8(truncatingIfNeeded: second))
        }
        let index = offsets.subsections.map { "\($0.first) \($0.count)" }.joined(separator: " ")
        let size = max(previousSize, nextObject)
        let deflated = InkContentCompression.deflate(data, level: 9)
        try file.append("\(id) 0 obj\n<</Type/XRef/Size \(size)/Index[\(index)]/W[1 \(width) 2]" + trailerEntries
                        + "/Prev \(tail.startXRef)/Filter/FlateDecode/Length \(deflated.count)>>\nstream\n")
        try file.append(deflated)
        try file.append("\nendstream\nendobj\nstartxref\n\(start)\n%%EOF\n")
    }
}
