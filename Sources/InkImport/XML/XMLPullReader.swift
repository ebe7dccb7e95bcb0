import CXML2

/// libxml2's pull reader (`xmlTextReader`) over an `XMLByteSource`: the
/// document comes node by node, pulled from the decompressed bytes as the
/// parser needs them, and no tree is built, so memory stays bounded by the
/// largest single node (one stroke's coordinates, one image).
///
/// Safe settings: no entity substitution, no DTD loading or validation, no
/// network, libxml2's size limits kept; the importer refuses a document type declaration,
/// decided from a parser's events (`XMLPrologCheck`), before this reader starts.
///
/// A single owner: the reader is freed when the value goes away.
struct XMLPullReader: ~Copyable {
    enum Node: Equatable {
        case start(empty: Bool)
        case end
        case text
        case documentType
        case other
    }

    /// The first error libxml2 reported, with where; and the ids it found defined twice.
    final class ErrorSink {
        var message: String?
        var line = 0
        var column = 0
        /// An `xml:id` used a second time (the first few, with their lines), and how many in all.
        var redefinedIDs: [(id: String, line: Int)] = []
        var redefinedIDCount = 0
    }

    /// The most ids used twice that are remembered by name.
    static let maximumRedefinedIDsNamed = 10

    private let reader: OpaquePointer
    private let source: XMLByteSource
    private let errors: ErrorSink
    private let path: String

    /// libxml2 must set up its global tables once before threads use it.
    /// The corresponding C function is `xmlInitParser`.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Starts reading `source`. The corresponding C function is `xmlReaderForIO`.
    init(source: XMLByteSource, path: String) throws(XMLInputError) {
        _ = Self.initialized
        let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer, length > 0 else { return 0 }
            let source = Unmanaged<XMLByteSource>.fromOpaque(context).takeUnretainedValue()
            return source.readForParser(into: UnsafeMutableRawPointer(buffer), capacity: Int(length))
        }
        let close: xmlInputCloseCallback = { _ in 0 }
        // No XML_PARSE_HUGE: libxml2's own limits stay (10 MB a text node, 256 levels, its entity
        // amplification guard), and no DTD is ever loaded (XMLPrologCheck refuses one before this reader starts).
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        let context = Unmanaged.passUnretained(source).toOpaque()
        guard let reader = xmlReaderForIO(read, close, context, nil, nil, options) else {
            throw .xml(path: path, line: 1, column: 1, message: source.failure?.reason ?? "libxml2 could not start a reader")
        }
        self.reader = reader
        self.source = source
        self.path = path
        errors = ErrorSink()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
            guard sink.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            // An xml:id that is not an NCName (CROHME's "0:1:2:3:", "12") breaks a validity constraint that
            // xml:id 1.0 calls a non-fatal error; the document is well-formed and reads the same.
            guard error.pointee.code != Int32(XML_DTD_XMLID_VALUE.rawValue) else { return }
            // So is an xml:id used twice (xml:id 1.0, 4: "ID values must be unique" is a validity constraint):
            // the reader of the document decides what, if anything, the id meant to it.
            if error.pointee.code == Int32(XML_DTD_ID_REDEFINED.rawValue) {
                sink.redefinedIDCount += 1
                if sink.redefinedIDs.count < XMLPullReader.maximumRedefinedIDsNamed {
                    sink.redefinedIDs.append((error.pointee.str1.map { String(cString: $0) } ?? "?", Int(error.pointee.line)))
                }
                return
            }
            var text = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
            while text.last == "\n" || text.last == " " { text.removeLast() }
            sink.message = text
            sink.line = Int(error.pointee.line)
            sink.column = Int(error.pointee.int2)
        }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit { xmlFreeTextReader(reader) }

    /// The `xml:id`s met a second time so far (the first `maximumRedefinedIDsNamed`, with the
    /// line of the second use), and how many in all.
    var redefinedIDs: (named: [(id: String, line: Int)], count: Int) { (errors.redefinedIDs, errors.redefinedIDCount) }

    /// The next node, or nil at the end of the document.
    /// The corresponding C functions are `xmlTextReaderRead` and `xmlTextReaderNodeType`.
    func next() throws(XMLInputError) -> Node? {
        let status = xmlTextReaderRead(reader)
        if status < 0 || errors.message != nil {
            if let failure = source.failure { throw failure }
            let line = errors.line > 0 ? errors.line : Int(xmlTextReaderGetParserLineNumber(reader))
            let column = errors.column > 0 ? errors.column : Int(xmlTextReaderGetParserColumnNumber(reader))
            throw .xml(path: path, line: line, column: column, message: errors.message ?? "unreadable XML")
        }
        if let failure = source.failure { throw failure }
        if status == 0 { return nil }
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue): return .start(empty: xmlTextReaderIsEmptyElement(reader) == 1)
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue): return .end
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
             Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            return .text
        case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue), Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
            return .documentType
        default: return .other
        }
    }

    /// The current node's name. The corresponding C function is `xmlTextReaderConstLocalName`.
    var name: String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    /// The current node's namespace URI, nil when it has none.
    /// The corresponding C function is `xmlTextReaderConstNamespaceUri`.
    var namespace: String? {
        xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) }
    }

    /// The current element's attributes in document order.
    /// The corresponding C functions are `xmlTextReaderMoveToNextAttribute` and `xmlTextReaderMoveToElement`.
    func attributes() -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            out.append((name, value))
        }
        xmlTextReaderMoveToElement(reader)
        return out
    }

    /// Calls `body` with the current text node's value as a NUL-terminated C string
    /// (valid only during the call). The corresponding C function is `xmlTextReaderConstValue`.
    func withValue<R, E: Error>(_ body: (UnsafePointer<CChar>) throws(E) -> R) throws(E) -> R {
        guard let value = xmlTextReaderConstValue(reader) else {
            return try body("")
        }
        return try value.withMemoryRebound(to: CChar.self, capacity: 1) { (pointer) throws(E) -> R in try body(pointer) }
    }

    /// Where the parser is (line of the current node when known, and the parser's column).
    /// The corresponding C functions are `xmlTextReaderCurrentNode`, `xmlGetLineNo` and `xmlTextReaderGetParserColumnNumber`.
    var position: (line: Int, column: Int) {
        var line = 0
        if let node = xmlTextReaderCurrentNode(reader) { line = Int(xmlGetLineNo(node)) }
        if line <= 0 { line = Int(xmlTextReaderGetParserLineNumber(reader)) }
        return (line, max(1, Int(xmlTextReaderGetParserColumnNumber(reader))))
    }
}
