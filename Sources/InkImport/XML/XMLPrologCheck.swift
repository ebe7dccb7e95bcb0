import CXML2

/// Decides from libxml2's own events, not from raw bytes, what comes before a
/// document's root element: a push parser is fed the decompressed bytes (in
/// whatever encoding the prolog declares, UTF-7 and UTF-16 included) and stopped
/// at the first of a document type declaration or the root's start tag.
///
/// A document type declaration is reported the moment its name is read, before
/// its internal subset, so no entity is ever declared, let alone expanded. The
/// bytes read stay in the source and are parsed again by the pull reader, which
/// meets the same events.
struct XMLPrologCheck {
    enum Outcome: Equatable {
        /// The root element's local name and namespace URI (nil when it has none).
        case root(String, namespace: String?)
        /// A `<!DOCTYPE …>` naming this root element, at this line and column.
        case documentType(name: String, line: Int, column: Int)
        /// The parser failed before the root (the pull reader reports the error).
        case unreadable
        /// The prolog is longer than `maximumPrologBytes` without reaching the root.
        case prologTooLong
    }

    /// How many decompressed bytes may come before the root element.
    static let maximumPrologBytes = 1 << 20

    /// What the parser meets first. The corresponding C functions are `xmlCreatePushParserCtxt`,
    /// `xmlParseChunk` and `xmlStopParser`.
    static func check(_ source: XMLByteSource) throws(XMLInputError) -> Outcome {
        final class State {
            var outcome: Outcome?
        }
        let state = State()
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.internalSubset = { context, name, _, _ in
            guard let context else { return }
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            let state = Unmanaged<State>.fromOpaque(parser.pointee._private).takeUnretainedValue()
            if state.outcome == nil {
                state.outcome = .documentType(name: name.map { String(cString: $0) } ?? "",
                                              line: Int(xmlSAX2GetLineNumber(context)),
                                              column: Int(xmlSAX2GetColumnNumber(context)))
            }
            xmlStopParser(parser)
        }
        handler.startElementNs = { context, localName, _, uri, _, _, _, _, _ in
            guard let context else { return }
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            let state = Unmanaged<State>.fromOpaque(parser.pointee._private).takeUnretainedValue()
            if state.outcome == nil {
                state.outcome = .root(localName.map { String(cString: $0) } ?? "", namespace: uri.map { String(cString: $0) })
            }
            xmlStopParser(parser)
        }
        // Errors are the pull reader's to report; keep libxml2 from printing them.
        handler.serror = { _, _ in }
        guard let parser = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil) else { return .unreadable }
        defer { xmlFreeParserCtxt(parser) }
        parser.pointee._private = Unmanaged.passUnretained(state).toOpaque()
        xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue))

        var fed = 0
        var chunk = source.bufferedBytes()
        while state.outcome == nil {
            if chunk.isEmpty {
                guard fed < maximumPrologBytes else { return .prologTooLong }
                chunk = try source.readAhead(min(1 << 16, maximumPrologBytes - fed))
            }
            let atEnd = chunk.isEmpty
            let status = chunk.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { text in
                    xmlParseChunk(parser, text.baseAddress, Int32(text.count), atEnd ? 1 : 0)
                }
            }
            fed += chunk.count
            chunk = []
            if state.outcome != nil { break }
            if status != 0 || atEnd { return .unreadable }
        }
        return state.outcome ?? .unreadable
    }
}
