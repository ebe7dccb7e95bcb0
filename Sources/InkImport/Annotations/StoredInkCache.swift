import Foundation
import InkFileSystem
import InkModel

/// inkpdf's stored strokes (`/InkPDF:Layer` and `/InkPDF:Strokes` streams) decoded once for the
/// whole document, by object: a stream that many annotations name (on one page or on many) is
/// inflated and parsed once, not once per annotation (each annotation over one large stream
/// cost a whole decoding of it, in time and in memory).
///
/// Work is bounded by the file: what all decodings together may inflate to is
/// `PDFAnnotationReader.maximumStreamBytes` plus `PDFAnnotationReader.maximumInflationPerByte`
/// times the file's size. What is kept decoded is small (`PDFAnnotationReader.maximumHeldBytes`
/// of inflated strokes, besides the stream decoded last, whatever its size): an export stores
/// one stream a page, named by that page's annotations only, and a stream's strokes take several
/// times its inflated bytes once parsed. Older entries are dropped, and decoded again, within
/// the document's total, when named again.
/// A failure is kept for good, so that it is told once.
final class StoredInkCache {
    /// A decoded stream: its layers (one for an `/InkPDF:Layer` line), with each layer's running
    /// count of points (`prefix[l][s]`: the points of strokes before `s`), so that what a range
    /// of strokes costs is known without walking it; nil when it could not be decoded.
    struct Decoded {
        var layers: [PageLayer]
        var prefix: [[Int]]

        init(_ layers: [PageLayer]) {
            self.layers = layers
            prefix = layers.map { layer in
                var sums = [0]
                sums.reserveCapacity(layer.strokes.count + 1)
                for stroke in layer.strokes { sums.append(sums[sums.count - 1] + stroke.points.count) }
                return sums
            }
        }

        /// The points of strokes `first ..< first + count` (0-based) of layer `layer` (0-based).
        func points(layer: Int, first: Int, count: Int) -> Int { prefix[layer][first + count] - prefix[layer][first] }
    }

    private var entries: [Int64: (decoded: Decoded?, bytes: Int)] = [:]
    private var heldBytes = 0
    /// The most inflated bytes held decoded at once.
    private(set) var peakHeldBytes = 0
    /// What decodings may still inflate to, for the whole document.
    private(set) var bytesLeft: Int
    /// How many streams were decoded (a stream dropped and named again counts again).
    private(set) var decodings = 0

    /// For the document at `path` (its size sets the total that may be inflated).
    init(path: String) {
        let size = (try? FileSystem.status(of: path)).map { Int($0.st_size) } ?? 0
        let perByte = PDFAnnotationReader.maximumInflationPerByte
        bytesLeft = PDFAnnotationReader.maximumStreamBytes
            + (size > Int.max / perByte ? Int.max / 2 : size * perByte)
    }

    /// Whether the stream `object` has been decoded (or failed) and is still held.
    func isKnown(_ object: Int64) -> Bool { entries[object] != nil }

    /// The stream `object` decoded: from the cache, else by `decode` (given what it may inflate
    /// to; it returns the layers and the bytes it inflated, or nil and a reason); `failed` is
    /// called once per stream with the reason it could not be decoded.
    func decoded(_ object: Int64, decode: (_ limit: Int) -> (layers: [PageLayer]?, bytes: Int, reason: String?),
                 failed: (String) -> Void) -> Decoded? {
        if let known = entries[object] { return known.decoded }
        let limit = min(PDFAnnotationReader.maximumStreamBytes, bytesLeft)
        guard limit > 0 else {
            entries[object] = (nil, 0)
            failed("the document's stored strokes already took the \(PDFAnnotationReader.maximumInflationPerByte) bytes a byte of the file may inflate to")
            return nil
        }
        decodings += 1
        let result = decode(limit)
        bytesLeft -= result.bytes
        guard let layers = result.layers else {
            entries[object] = (nil, 0)
            failed(result.reason ?? "it cannot be decoded")
            return nil
        }
        if heldBytes + result.bytes > PDFAnnotationReader.maximumHeldBytes {
            // Dropped, not the failures: those stay told.
            entries = entries.filter { $0.value.decoded == nil }
            heldBytes = 0
        }
        let decoded = Decoded(layers)
        entries[object] = (decoded, result.bytes)
        heldBytes += result.bytes
        peakHeldBytes = max(peakHeldBytes, heldBytes)
        return decoded
    }
}
