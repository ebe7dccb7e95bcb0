/// The codec's promise, checked on any bytes (by the fuzz target and its
/// regression tests): a line that reads as a header or a page layer writes
/// back and reads again to the same value, the second writing is the same
/// bytes as the first, and the scan that finds a line's page agrees with the
/// parser.
enum InkLayersRoundTrip {
    /// What breaks the promise for `bytes`, or nil when it holds (a line that
    /// does not read at all keeps it: refusing is fine).
    static func problem(with bytes: UnsafeRawBufferPointer) -> String? {
        let location = InkLayersWriter.Location(file: "roundtrip.ink.jsonl", line: 2)
        if let header = try? InkLayersHeader(parsing: bytes, file: location.file) {
            var first = JSONOutput(capacity: bytes.count + 64)
            do { try InkLayersWriter.encode(header, into: &first, location: location) } catch {
                return "a header that was read cannot be written: \(error)"
            }
            guard let again = first.bytes.withUnsafeBytes({ try? InkLayersHeader(parsing: $0, file: location.file) }) else {
                return "a written header does not read back: \(String(decoding: first.bytes, as: UTF8.self))"
            }
            guard again == header else { return "a header reads back as another value: \(header) → \(again)" }
            var second = JSONOutput(capacity: first.bytes.count)
            try? InkLayersWriter.encode(again, into: &second, location: location)
            guard second.bytes == first.bytes else { return "a header writes differently the second time" }
        }
        let scanned = Result { try InkLayersReader.scanPage(bytes, file: location.file, line: location.line) }
        let parsed: PageLayer
        do {
            parsed = try InkLayersReader.parseLayer(bytes, file: location.file, line: location.line)
        } catch {
            return nil
        }
        guard case .success(let page) = scanned, page == parsed.page else {
            return "the scan finds page \(scanned) where the parser reads page \(parsed.page)"
        }
        var first = JSONOutput(capacity: bytes.count + 64)
        do { try InkLayersWriter.encode(parsed, into: &first, location: location) } catch {
            return "a layer that was read cannot be written: \(error)"
        }
        let again: PageLayer
        do {
            again = try first.bytes.withUnsafeBytes { try InkLayersReader.parseLayer($0, file: location.file, line: location.line) }
        } catch {
            return "a written layer does not read back (\(error)): \(String(decoding: first.bytes, as: UTF8.self))"
        }
        guard again == parsed else { return "a layer reads back as another value: \(parsed) → \(again)" }
        var second = JSONOutput(capacity: first.bytes.count)
        try? InkLayersWriter.encode(again, into: &second, location: location)
        guard second.bytes == first.bytes else { return "a layer writes differently the second time" }
        return nil
    }
}
