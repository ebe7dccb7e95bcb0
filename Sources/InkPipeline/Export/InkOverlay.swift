import Foundation
import InkImport
import InkPDFContent
import InkRendering
import LibQPDF

/// Lays ink over pages of the original, by hand with qpdf's object API: the
/// ink's PDF content (`InkContentWriter`, already compressed) as a Form
/// XObject copied from the spool it was written to, and what cairo draws for imported pages (paper,
/// decorations) as the pages of a cairo PDF turned into forms.
///
/// qpdf 11.3's own overlay job moves the original content when the CropBox
/// or TrimBox is not centred in the MediaBox, clips it to the TrimBox and
/// scales ink into it (see docs in the shared notes). Here the original
/// content streams are not touched: the page's `/Contents` becomes
/// `[q, original…, Q + ink]`, where the ink is a Form XObject (the spooled
/// form, or a cairo page's content stream turned into one), copied without
/// decoding, and placed with `PagePlacement.matrix` (or the matrix the caller
/// gives). The XObject carries no `/Group`: cairo marks its pages as isolated
/// transparency groups, and an isolated group keeps a multiply highlighter
/// from darkening the text beneath it.
///
/// Pages without ink are not touched at all.
struct InkOverlay {
    let document: QPDFDocument
    /// What cairo drew (imported documents' paper and decorations), if anything.
    let ink: QPDFDocument?
    /// `q`, shared by every inked page (by object number: handles do not outlive a page).
    private var saveStream: QPDFReference?
    /// ExtGStates, grain patterns and tile images, each made once (by object number).
    private var graphicsStates: [InkGraphicsState: QPDFReference] = [:]
    private var patterns: [String: QPDFReference] = [:]
    private var tileImages: [Grain: QPDFReference] = [:]
    /// The handwriting's text font (characters numbered as pages show them) and its Type 0
    /// dictionary, made empty on first use and filled by `finish()`.
    private var handwritingFont = HandwritingFont()
    private var handwritingFontObject: QPDFReference?
    /// Words the font had no room for (`HandwritingFont.wordsLeftOut`).
    var handwritingWordsLeftOut: Int { handwritingFont.wordsLeftOut }

    init(document: QPDFDocument, ink: QPDFDocument?) {
        self.document = document
        self.ink = ink
    }

    /// Where ink goes on page `number` of `document`, from its boxes, `/Rotate` and `/UserUnit`.
    static func placement(of page: QPDFObject) -> PagePlacement { PagePlacement(page: page) }

    /// Puts ink page `inkPage` of `ink` over page `number` of `document`.
    ///
    /// The corresponding C functions are `qpdf_oh_copy_foreign_object`, `qpdf_oh_new_stream`
    /// and `qpdf_oh_replace_key`.
    mutating func overlay(inkPage inkNumber: Int, onto number: Int, placement: PagePlacement) throws(ExportError) {
        guard let ink else { return }
        let form = try formXObject(from: ink.page(inkNumber), size: placement.displayedSize, page: number)
        try overlay(form, onto: number, matrix: placement.matrix)
        if let error = ink.takeError() { throw .drawing(.renderFailed(path: document.path, page: number, reason: error)) }
    }

    /// Puts the content spooled as `entry` over page `number`, placed by `matrix`: the spool's
    /// Form XObject copied from `streams` (the spool opened by qpdf), its data read only when written.
    /// Text only (`PageInkSpool.Entry.isTextOnly`), just the words.
    mutating func overlay(_ entry: PageInkSpool.Entry, from streams: QPDFDocument, onto number: Int,
                          matrix: [Double]) throws(ExportError) {
        if entry.isTextOnly {
            try overlay(nil, onto: number, matrix: matrix, text: entry.text, frameHeight: entry.height)
            return
        }
        let form = document.copyForeign(streams.object(id: entry.object, generation: 0), from: streams)
        if let error = streams.takeError() {
            throw .writing(.writeFailed(path: document.path, reason: "the ink spooled for page \(entry.page) cannot be read: \(error)"))
        }
        form.set("/Resources", resources(entry.graphicsStates, entry.grains, height: entry.height))
        try overlay(form, onto: number, matrix: matrix, text: entry.text, frameHeight: entry.height)
        streams.releaseAllObjects()
    }

    /// Writes the handwriting's font, once every page has shown its text: the Type 0 dictionary
    /// made on first use gets its descendant, `/ToUnicode` map and program.
    mutating func finish() {
        guard let reference = handwritingFontObject else { return }
        let program = HandwritingFont.program
        let file = document.newStream(InkContentCompression.deflate(program, level: 9),
                                      dictionary: "<</Length1 \(program.count)/Filter/FlateDecode>>")
        let toUnicode = document.newStream(InkContentCompression.deflate(handwritingFont.toUnicode, level: 9),
                                           dictionary: "<</Filter/FlateDecode>>")
        let map = document.newStream(InkContentCompression.deflate(handwritingFont.cidToGIDMap, level: 9),
                                     dictionary: "<</Filter/FlateDecode>>")
        // The dictionaries' own keys parsed, then the objects they name set.
        let descriptor = document.makeIndirect(document.parse("<<" + HandwritingFont.descriptorKeys + ">>"))
        descriptor.set("/FontFile2", file)
        let descendant = document.makeIndirect(document.parse("<<" + HandwritingFont.cidFontKeys + ">>"))
        descendant.set("/FontDescriptor", descriptor)
        descendant.set("/CIDToGIDMap", map)
        let type0 = document.object(id: reference.id, generation: reference.generation)
        let keys = document.parse("<<" + HandwritingFont.type0Keys + ">>")
        for key in keys.keys {
            if let value = keys[key] { type0.set(key, value) }
        }
        type0.set("/DescendantFonts", document.newArray([descendant]))
        type0.set("/ToUnicode", toUnicode)
        document.releaseAllObjects()
    }

    /// The resources of ink content: its ExtGStates and grain patterns (each made once), as objects
    /// (qpdf parses text without references).
    private mutating func resources(_ graphicsStates: [InkGraphicsState], _ grains: [Grain], height: Double) -> QPDFObject {
        let resources = document.newDictionary()
        if !graphicsStates.isEmpty {
            let states = document.newDictionary()
            for state in graphicsStates { states.set("/" + state.name, object(graphicsState(state))) }
            resources.set("/ExtGState", states)
        }
        if !grains.isEmpty {
            let patterns = document.newDictionary()
            for grain in grains { patterns.set("/" + grain.patternName, object(pattern(grain, height: height))) }
            resources.set("/Pattern", patterns)
        }
        if let colorSpaces = InkResourceObjects.colorSpaces(for: grains) {
            // `/ColorSpace<<…>>` holds names and arrays only: parsed as it is.
            let parsed = document.parse("<<" + colorSpaces + ">>")
            if let value = parsed["/ColorSpace"] { resources.set("/ColorSpace", value) }
        }
        return resources
    }

    private func object(_ reference: QPDFReference) -> QPDFObject {
        document.object(id: reference.id, generation: reference.generation)
    }

    private mutating func graphicsState(_ state: InkGraphicsState) -> QPDFReference {
        if let id = graphicsStates[state] { return id }
        let made = document.makeIndirect(document.parse(String(decoding: state.dictionary, as: UTF8.self))).reference!
        graphicsStates[state] = made
        return made
    }

    private mutating func pattern(_ grain: Grain, height: Double) -> QPDFReference {
        let key = grain.patternName + " " + InkResourceObjects.heightText(height)
        if let id = patterns[key] { return id }
        let image: QPDFReference
        if let id = tileImages[grain] {
            image = id
        } else {
            let tile = InkResourceObjects.tileImage(grain)
            image = document.newStream(tile.data, dictionary: tile.dictionary).reference!
            tileImages[grain] = image
        }
        let pattern = InkResourceObjects.patternKeys(grain, height: height)
        let stream = document.newStream(pattern.data, dictionary: "<<" + pattern.keys + ">>")
        let xObjects = document.newDictionary()
        xObjects.set(InkResourceObjects.tileImageName, object(image))
        let resources = document.newDictionary()
        resources.set("/XObject", xObjects)
        stream.set("/Resources", resources)
        let made = stream.reference!
        patterns[key] = made
        return made
    }

    /// Lays the Form XObject `form` (if any) over page `number` of `document`, and `text` (the
    /// handwriting's words, in the form's frame `frameHeight` high) over it.
    private mutating func overlay(_ form: QPDFObject?, onto number: Int, matrix placement: [Double],
                                  text: [HandwritingWord] = [], frameHeight: Double = 0) throws(ExportError) {
        let page = document.page(number)

        // Resources: a fresh dictionary for this page (the original may be
        // shared with other pages or inherited), with the ink under an unused name.
        let resources = page.inherited("/Resources")?.shallowCopy() ?? document.newDictionary()
        var name = "/InkPDFInk"
        if let form {
            let xObjects = resources["/XObject"]?.shallowCopy() ?? document.newDictionary()
            var suffix = 1
            while xObjects[name] != nil {
                suffix += 1
                name = "/InkPDFInk\(suffix)"
            }
            xObjects.set(name, form)
            resources.set("/XObject", xObjects)
        }

        let matrix = placement.map(PagePlacement.pdfNumber).joined(separator: " ")
        var textStream: QPDFObject?
        if !text.isEmpty {
            let fonts = resources["/Font"]?.shallowCopy() ?? document.newDictionary()
            var fontName = "/" + HandwritingFont.name
            var suffix = 1
            while fonts[fontName] != nil { suffix += 1; fontName = "/\(HandwritingFont.name)\(suffix)" }
            if let operators = handwritingFont.operators(for: text, frameHeight: frameHeight, resource: String(fontName.dropFirst())) {
                if handwritingFontObject == nil { handwritingFontObject = document.makeIndirect(document.newDictionary()).reference }
                fonts.set(fontName, document.object(id: handwritingFontObject!.id, generation: handwritingFontObject!.generation))
                resources.set("/Font", fonts)
                let data = Array("q \(matrix) cm\n".utf8) + operators + Array("Q\n".utf8)
                textStream = document.newStream(InkContentCompression.deflate(data, level: InkContentCompression.inkLevel),
                                                dictionary: "<</Filter/FlateDecode>>")
            }
        }
        page.set("/Resources", resources)
        let drawInk = document.newStream(Array((form == nil ? "\nQ\n" : "\nQ q \(matrix) cm \(name) Do Q\n").utf8))
        let contents = document.newArray([save()])
        if let original = page["/Contents"] {
            if original.isArray {
                for item in original.items { contents.append(item) }
            } else {
                contents.append(original)
            }
        }
        contents.append(drawInk)
        if let textStream { contents.append(textStream) }
        page.set("/Contents", contents)
        if let error = document.takeError() { throw .opening(.damagedPDF(path: document.path, reason: "page \(number): \(error)")) }
    }

    /// The ink page as a Form XObject of this document: its content stream
    /// copied as it is (still compressed), with a form's keys and the ink page's resources.
    private func formXObject(from inkPage: QPDFObject, size: (width: Double, height: Double),
                             page number: Int) throws(ExportError) -> QPDFObject {
        guard let ink else { preconditionFailure("no cairo PDF to take pages from") }
        let form: QPDFObject
        let contents = inkPage["/Contents"]
        if let contents, contents.isStream {
            form = document.copyForeign(contents, from: ink)
        } else {
            // Several streams (not what cairo writes): join their decoded data.
            var bytes: [UInt8] = []
            for stream in contents?.items ?? [] {
                guard let data = stream.streamData() else {
                    throw .drawing(.renderFailed(path: document.path, page: number, reason: "the ink page's content cannot be read"))
                }
                bytes += data + [10]
            }
            form = document.newStream(bytes)
        }
        form.set("/Type", document.newName("/XObject"))
        form.set("/Subtype", document.newName("/Form"))
        form.set("/BBox", document.newArray([document.newInteger(0), document.newInteger(0),
                                             document.newReal(size.width), document.newReal(size.height)]))
        form.remove("/Group")
        if let resources = inkPage["/Resources"] {
            form.set("/Resources", document.copyForeign(resources, from: ink))
        }
        return form
    }

    /// The shared `q` stream, made on first use.
    private mutating func save() -> QPDFObject {
        if let saveStream { return document.object(id: saveStream.id, generation: saveStream.generation) }
        let stream = document.newStream(Array("q\n".utf8))
        saveStream = stream.reference
        return stream
    }
}
