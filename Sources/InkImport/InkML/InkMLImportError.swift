/// Why a W3C InkML (`.inkml`) file could not be read. Each case prints as one
/// line: the file, the place (line:column, the trace and point when known),
/// what is wrong and what to do.
public enum InkMLImportError: Error, Equatable, CustomStringConvertible {
    /// Where in the file a problem is: an XML position, and the trace and point when known.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        /// 1-based number of the `<trace>` in document order, when inside one.
        public var trace: Int?
        /// 1-based point within that trace.
        public var point: Int?

        public init(line: Int, column: Int, trace: Int? = nil, point: Int? = nil) {
            self.line = line
            self.column = column
            self.trace = trace
            self.point = point
        }

        public var description: String {
            var text = "\(line):\(column)"
            if let trace { text += ": trace \(trace)" }
            if let point { text += ", point \(point)" }
            return text
        }
    }

    case cannotOpen(path: String, reason: String)
    /// Not XML whose root is `<ink>` in the InkML namespace.
    case notInkML(path: String, reason: String)
    case brokenGzip(path: String, reason: String)
    /// Decompressed data grew past the limit.
    case expandsTooFar(path: String, limit: Int)
    /// libxml2 rejected the XML.
    case xml(path: String, place: Place, message: String)
    /// A document type declaration: refused as the parser meets its name, before any entity is declared.
    case documentTypeDeclaration(path: String, place: Place)
    /// A `contextRef`, `brushRef`, `traceFormatRef`, … naming nothing defined before it.
    case unknownReference(path: String, place: Place, attribute: String, reference: String)
    /// A trace's text that does not read as its trace format says.
    case badTrace(path: String, place: Place, problem: String)
    /// An attribute or property that is not a usable number.
    case badNumber(path: String, place: Place, what: String, value: String)
    /// A finite number outside what the pipeline carries (`InkRange`).
    case outOfRange(path: String, place: Place, problem: String)
    /// More of a kind than any real document has.
    case tooMany(path: String, place: Place, what: String, limit: Int)
    /// A structural problem: a missing attribute, an element in the wrong place.
    case malformed(path: String, place: Place, problem: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): cannot open (\(reason))"
        case .notInkML(let path, let reason):
            "\(path): not an InkML file (\(reason)); give a W3C InkML document whose root is <ink xmlns=\"\(InkMLImporter.namespace)\">"
        case .brokenGzip(let path, let reason):
            "\(path): the gzip data is damaged (\(reason)); is the file complete?"
        case .expandsTooFar(let path, let limit):
            "\(path): the document expands past \(limit) bytes; refusing it as a decompression bomb (raise the limit only for a file you trust)"
        case .xml(let path, let place, let message):
            "\(path):\(place): XML error: \(message); the file is damaged or not InkML"
        case .documentTypeDeclaration(let path, let place):
            "\(path):\(place): the XML has a document type declaration; refused before its entities are read (InkML needs none: remove the <!DOCTYPE …> or export the ink again)"
        case .unknownReference(let path, let place, let attribute, let reference):
            "\(path):\(place): \(attribute)=\"\(Self.clip(reference))\" names nothing defined before it; define it earlier in the file (in <definitions>) or remove the reference"
        case .badTrace(let path, let place, let problem):
            "\(path):\(place): \(problem); the file is damaged or its traceFormat does not match its traces"
        case .badNumber(let path, let place, let what, let value):
            "\(path):\(place): \(what) '\(Self.clip(value))' is not a usable number; the file is damaged"
        case .outOfRange(let path, let place, let problem):
            "\(path):\(place): \(problem); refusing the file as damaged or hostile (check the channel units and resolution)"
        case .tooMany(let path, let place, let what, let limit):
            "\(path):\(place): more than \(limit) \(what); refusing the file as damaged or hostile"
        case .malformed(let path, let place, let problem):
            "\(path):\(place): \(problem); the file is damaged or not InkML"
        case .cannotWrite(let path, let reason):
            "cannot write \(path) (\(reason)); check the temporary directory"
        }
    }

    static func clip(_ value: String) -> String {
        value.count <= 40 ? value : String(value.prefix(40)) + "…"
    }

    /// The shared XML layer's failure, said for this file.
    init(_ error: XMLInputError) {
        switch error {
        case .cannotOpen(let path, let reason): self = .cannotOpen(path: path, reason: reason)
        case .brokenGzip(let path, let reason): self = .brokenGzip(path: path, reason: reason)
        case .brokenZip(let path, let reason): self = .notInkML(path: path, reason: "a damaged zip archive: \(reason)")
        case .expandsTooFar(let path, _, let limit): self = .expandsTooFar(path: path, limit: limit)
        case .xml(let path, let line, let column, let message): self = .xml(path: path, place: .init(line: line, column: column), message: message)
        }
    }
}
