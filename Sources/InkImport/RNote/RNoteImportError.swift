/// Why an rnote notebook (`.rnote`) could not be read. Each case prints as one line:
/// the file, the place (a JSON path such as `stroke_components[12].brushstroke.path`,
/// and the byte offset in the decompressed JSON), what is wrong and what to do.
public enum RNoteImportError: Error, Equatable, CustomStringConvertible {
    /// Where in the document a problem is.
    public struct Place: Sendable, Equatable, CustomStringConvertible {
        /// A JSON path from the top (`data.engine_snapshot.stroke_components[3]`).
        public var path: String
        /// Byte offset in the decompressed JSON.
        public var offset: Int

        public init(path: String, offset: Int) {
            self.path = path
            self.offset = offset
        }

        public var description: String { "\(path.isEmpty ? "top" : path) (byte \(offset) of the JSON)" }
    }

    /// The versions whose layout inkpdf reads, as rnote's loader groups them.
    public static let knownVersions = "0.5.x–0.12.x"

    case cannotOpen(path: String, reason: String)
    /// Not gzip, or gzip of something that is not rnote's `{version, data}`.
    case notRNote(path: String, reason: String)
    /// The gzip data is damaged or cut short.
    case brokenGzip(path: String, reason: String)
    /// A version inkpdf does not know the layout of.
    case unknownVersion(path: String, version: String)
    /// The decompressed JSON grew past the limit.
    case expandsTooFar(path: String, limit: Int)
    /// The JSON itself is broken.
    case json(path: String, place: Place, message: String)
    /// Nesting deeper than any rnote file has.
    case tooDeep(path: String, place: Place, limit: Int)
    /// A value of the wrong kind or a missing member.
    case malformed(path: String, place: Place, problem: String)
    /// A finite number outside what the pipeline carries (`InkRange`).
    case outOfRange(path: String, place: Place, problem: String)
    /// More of something than the input's size allows (pages, points).
    case tooMany(path: String, what: String, limit: Int)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "\(path): cannot open (\(reason))"
        case .notRNote(let path, let reason):
            "\(path): not an rnote notebook (\(reason)); give a .rnote file saved by rnote"
        case .brokenGzip(let path, let reason):
            "\(path): \(reason); is the file complete?"
        case .unknownVersion(let path, let version):
            "\(path): rnote file version \(version) is not one inkpdf reads (known: \(Self.knownVersions)); export it from rnote as PDF, or save it with a known version"
        case .expandsTooFar(let path, let limit):
            "\(path): the notebook expands past \(limit) bytes; refusing it as a decompression bomb (raise the limit only for a file you trust)"
        case .json(let path, let place, let message):
            "\(path): \(place): JSON error: \(message); the file is damaged or not from rnote"
        case .tooDeep(let path, let place, let limit):
            "\(path): \(place): JSON nested deeper than \(limit) levels; no rnote notebook nests so deep (a damaged or hostile file)"
        case .malformed(let path, let place, let problem):
            "\(path): \(place): \(problem); the file is damaged or from an rnote version inkpdf does not know"
        case .outOfRange(let path, let place, let problem):
            "\(path): \(place): \(problem); the file is damaged"
        case .tooMany(let path, let what, let limit):
            "\(path): more than \(limit) \(what); the file is damaged or hostile"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write (\(reason))"
        }
    }
}
