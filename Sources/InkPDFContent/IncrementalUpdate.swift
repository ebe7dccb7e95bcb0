import CQPDF
import InkRendering

/// Puts ink on pages of a finished PDF by appending an incremental update
/// (ISO 32000-1, 7.5.6): the original bytes stay as they are, and after them
/// come new objects, replacement page dictionaries, a cross-reference section
/// of the same kind as the file's last one (a table, or a stream), and a
/// trailer whose `/Prev` points back.
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
/// The form has no `/Group`: it is not a transparency group, so a multiply
/// highlighter darkens the page beneath. ExtGStates, grain patterns and their
/// tile images are written once per document, when first used.
///
/// Encrypted files are refused (`.encrypted`): the new streams would need the
/// file's key. Deterministic: the same file and ink give the same bytes.
public struct IncrementalUpdate: ~Copyable {
    private let reader: QPDFPageReader
    private var file: AppendingFile
    private let tail: PDFFileTail
    private let previousSize: Int
    private let trailerEntries: String
    private var nextObject: Int
    private var offsets: [(id: Int, generation: Int, offset: Int)] = []
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
    }

    /// Appends to `path` itself: flatten's output, once cairo has finished it.
    /// The update is staged in `staging` (default `path + ".update"`; removed
    /// when done or abandoned) and copied onto the end of `path` by `finish()`,
    /// so that qpdf keeps reading a whole PDF meanwhile.
    public init(appendingTo path: String, staging: String? = nil) throws(IncrementalUpdateError) {
        let tail = try PDFFileTail.read(path)
        let reader = try QPDFPageReader(path: path)
        let (size, entries) = Self.readTrailer(reader)
        let file = try AppendingFile(path: path, staging: staging ?? path + ".update")
        self.init(tail: tail, reader: reader, size: size, entries: entries, file: file)
    }

    /// Copies `original` to `output` (a new file; streamed in fixed-size pieces)
    /// and appends to the copy: export, where the original's bytes, and so any
    /// signature over them, stay intact. qpdf reads `original`.
    public init(original: String, output: String) throws(IncrementalUpdateError) {
        let tail = try PDFFileTail.read(original)
        let reader = try QPDFPageReader(path: original)
        let (size, entries) = Self.readTrailer(reader)
        try AppendingFile.copy(original, to: output)
        let file = try AppendingFile(path: output)
        self.init(tail: tail, reader: reader, size: size, entries: entries, file: file)
    }

    private init(tail: PDFFileTail, reader: QPDFPageReader, size: Int, entries: String, file: consuming AppendingFile) {
        self.tail = tail
        self.reader = reader
        previousSize = size
        trailerEntries = entries
        nextObject = size
        self.file = file
    }

    private static func readTrailer(_ reader: QPDFPageReader) -> (Int, String) {
        let trailer = reader.trailer
        let size = reader.value(trailer, "/Size").flatMap(reader.integer) ?? 1
        var entries = ""
        for key in ["/Root", "/Info", "/ID"] {
            if let value = reader.value(trailer, key) { entries += key + " " + reader.unparse(value) }
        }
        reader.releaseHandles()
        return (max(size, 1), entries)
    }

    public var pageCount: Int { reader.pageCount }

    /// Whether the update's cross-reference section is a stream (as the file's last one is).
    public var writesXRefStream: Bool { tail.isXRefStream }

    /// Lays `content` over page `number` (1-based). `matrix` (`a b c d e f`)
    /// places the ink's displayed page on the page's default user space
    /// (export: the page's boxes, `/Rotate` and `/UserUnit`); nil when the two
    /// are the same (flatten: cairo's pages are the displayed pages).
    public mutating func addInk(_ content: CompressedInkContent, toPage number: Int,
                                matrix: [Double]? = nil) throws(IncrementalUpdateError) {
        let count = reader.pageCount
        guard (1...max(count, 1)).contains(number), count > 0 else {
            throw .pageOutOfRange(path: reader.path, page: number, pageCount: count)
        }
        guard updatedPages.insert(number).inserted else { throw .pageAlreadyUpdated(path: reader.path, page: number) }
        defer { reader.releaseHandles() }
        if file.offset > 0, offsets.isEmpty, !file.endedWithNewline { try file.append("\n") }

        guard let page = reader.page(number) else { throw .pageNotInFile(path: reader.path, page: number) }
        let pageID = reader.objectID(page), pageGeneration = reader.generation(page)
        guard pageID > 0, pageID < previousSize else { throw .pageNotInFile(path: reader.path, page: number) }

        let form = try writeForm(content)

        // The page's resources (its own or inherited) with the form added under an unused name.
        let resources = reader.inherited(page, "/Resources")
        var xObjectEntries = ""
        var taken: Set<String> = []
        if let resources, let xObjects = reader.value(resources, "/XObject") {
            for key in reader.keys(xObjects) {
                guard let value = reader.value(xObjects, key) else { continue }
                taken.insert(key)
                xObjectEntries += reader.unparseName(key) + " " + reader.unparse(value)
            }
        }
        var formName = "/InkPDFInk"
        var suffix = 1
        while taken.contains(formName) { suffix += 1; formName = "/InkPDFInk\(suffix)" }
        var resourceEntries = ""
        if let resources {
            for key in reader.keys(resources) where key != "/XObject" {
                guard let value = reader.value(resources, key) else { continue }
                resourceEntries += reader.unparseName(key) + " " + reader.unparse(value)
            }
        }
        resourceEntries += "/XObject<<" + xObjectEntries + formName + " \(form) 0 R>>"

        // The contents: q, the original streams, then Q and the ink.
        var contents = "[\(try saveStreamObject()) 0 R"
        if let original = reader.value(page, "/Contents") {
            if reader.isArray(original) {
                for item in reader.items(original) { contents += " " + reader.unparse(item) }
            } else {
                contents += " " + reader.unparse(original)
            }
        }
        contents += " \(try closingStream(formName: formName, matrix: matrix)) 0 R]"

        var dictionary = "<<"
        var wroteResources = false
        for key in reader.keys(page) {
            switch key {
            case "/Contents": continue
            case "/Resources": dictionary += "/Resources<<" + resourceEntries + ">>"; wroteResources = true
            default:
                guard let value = reader.value(page, key) else { continue }
                dictionary += reader.unparseName(key) + " " + reader.unparse(value)
            }
        }
        if !wroteResources { dictionary += "/Resources<<" + resourceEntries + ">>" }
        dictionary += "/Contents" + contents + ">>"
        if let error = reader.takeError() { throw .unreadablePDF(path: reader.path, reason: "page \(number): \(error)") }
        try beginObject(pageID, generation: pageGeneration)
        try file.append(dictionary)
        try file.append("\nendobj\n")
        if updatedPages.count % Self.reopenInterval == 0 {
            reader.releaseHandles()
            try reader.reopen()
        }
    }

    /// Writes the cross-reference section and the trailer, and closes the file.
    public consuming func finish() throws(IncrementalUpdateError) {
        if offsets.isEmpty {
            // Nothing to add: the file stays exactly as it was.
            try file.close()
            return
        }
        if tail.isXRefStream {
            try writeXRefStream()
        } else {
            try writeXRefTable()
        }
        try file.close()
    }

    // MARK: Objects

    private mutating func newObject() -> Int {
        defer { nextObject += 1 }
        return nextObject
    }

    private mutating func beginObject(_ id: Int, generation: Int = 0) throws(IncrementalUpdateError) {
        offsets.append((id, generation, file.offset))
        try file.append("\(id) \(generation) obj\n")
    }

    private mutating func writeStream(_ id: Int, dictionary: String, data: [UInt8]) throws(IncrementalUpdateError) {
        try beginObject(id)
        try file.append(String(dictionary.dropLast(2)) + "/Length \(data.count)>>\nstream\n")
        try file.append(data)
        try file.append("\nendstream\nendobj\n")
    }

    private mutating func writeForm(_ content: CompressedInkContent) throws(IncrementalUpdateError) -> Int {
        var resources = ""
        if !content.graphicsStates.isEmpty {
            resources += "/ExtGState<<"
            for state in content.graphicsStates { resources += "/\(state.name) \(try graphicsStateObject(state)) 0 R" }
            resources += ">>"
        }
        if !content.grains.isEmpty {
            resources += "/Pattern<<"
            for grain in content.grains {
                resources += "/\(grain.patternName) \(try patternObject(grain, height: content.height)) 0 R"
            }
            resources += ">>"
        }
        let id = newObject()
        try writeStream(id, dictionary: "<<" + InkResourceObjects.formKeys(width: content.width, height: content.height)
                            + "/Resources<<" + resources + ">>/Filter/FlateDecode>>",
                        data: content.deflated)
        return id
    }

    private mutating func saveStreamObject() throws(IncrementalUpdateError) -> Int {
        if let saveStream { return saveStream }
        let id = newObject()
        try writeStream(id, dictionary: "<<>>", data: Array("q\n".utf8))
        saveStream = id
        return id
    }

    /// `Q`, the placement and `Do` of the form: shared by every page with the same name and matrix.
    private mutating func closingStream(formName: String, matrix: [Double]?) throws(IncrementalUpdateError) -> Int {
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
    private mutating func patternObject(_ grain: Grain, height: Double) throws(IncrementalUpdateError) -> Int {
        let key = PatternKey(grain: grain, height: Array(InkResourceObjects.heightText(height).utf8))
        if let id = patterns[key] { return id }
        let image = try tileImageObject(grain)
        let pattern = InkResourceObjects.pattern(grain, height: height, image: image)
        let id = newObject()
        try writeStream(id, dictionary: pattern.dictionary, data: pattern.data)
        patterns[key] = id
        return id
    }

    // MARK: Cross-reference section

    /// Runs of consecutive object numbers: (first, entries).
    private func subsections(_ entries: [(id: Int, generation: Int, offset: Int)]) -> [(Int, ArraySlice<(id: Int, generation: Int, offset: Int)>)] {
        var result: [(Int, ArraySlice<(id: Int, generation: Int, offset: Int)>)] = []
        var start = 0
        for index in entries.indices where index == entries.count - 1 || entries[index + 1].id != entries[index].id + 1 {
            result.append((entries[start].id, entries[start...index]))
            start = index + 1
        }
        return result
    }

    private mutating func writeXRefTable() throws(IncrementalUpdateError) {
        let entries = offsets.sorted { $0.id < $1.id }
        let start = file.offset
        try file.append("xref\n")
        for (first, run) in subsections(entries) {
            try file.append("\(first) \(run.count)\n")
            for entry in run {
                var line: [UInt8] = []
                line.reserveCapacity(20)
                PDFNumberWriter.appendCrossReferenceEntry(offset: entry.offset, generation: entry.generation, to: &line)
                try file.append(line)
            }
        }
        let size = max(previousSize, nextObject)
        try file.append("trailer\n<</Size \(size)" + trailerEntries + "/Prev \(tail.startXRef)>>\nstartxref\n\(start)\n%%EOF\n")
    }

    private mutating func writeXRefStream() throws(IncrementalUpdateError) {
        let id = newObject()
        let start = file.offset
        var entries = offsets
        entries.append((id, 0, start))
        entries.sort { $0.id < $1.id }
        var width = 1
        while start >> (8 * width) != 0 { width += 1 }
        width = max(width, 4)
        var data: [UInt8] = []
        data.reserveCapacity(entries.count * (3 + width))
        for entry in entries {
            data.append(1)
            for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: entry.offset >> shift)) }
            data.append(UInt8(truncatingIfNeeded: entry.generation >> 8))
            data.append(UInt8(truncatingIfNeeded: entry.generation))
        }
        let index = subsections(entries).map { "\($0.0) \($0.1.count)" }.joined(separator: " ")
        let size = max(previousSize, nextObject)
        let deflated = InkContentCompression.deflate(data, level: 9)
        offsets.append((id, 0, start))
        try file.append("\(id) 0 obj\n<</Type/XRef/Size \(size)/Index[\(index)]/W[1 \(width) 2]" + trailerEntries
                        + "/Prev \(tail.startXRef)/Filter/FlateDecode/Length \(deflated.count)>>\nstream\n")
        try file.append(deflated)
        try file.append("\nendstream\nendobj\nstartxref\n\(start)\n%%EOF\n")
    }
}
