import CZlib
import InkModel

/// How a Xournal document is stored, told by content, never by the file name:
/// gzip XML (`.xopp` before 1.1, every `.xoj`), a zip package (`mimetype`,
/// `META-INF/version`, `content.xml`, attachments) or plain XML.
enum XournalContainer: String, Equatable {
    case gzip, zip, plain

    /// The mimetypes a zip `.xopp` declares (Xournal++ writes the first).
    static let packageMimetypes: Set<String> = ["application/xournal++", "application/x-xopp"]

    static func hasGzipMagic(_ prefix: some Collection<UInt8>) -> Bool {
        let bytes = Array(prefix.prefix(2))
        return bytes == [0x1F, 0x8B]
    }

    /// What the XML prefix starts with after its prolog.
    enum Root: Equatable {
        case xournal
        case documentType
        case html
        case other(String)
    }

    /// Looks past the prolog (byte order mark, white space, `<?…?>`, comments) for the root element.
    static func root(ofXML prefix: [UInt8]) -> Root {
        var i = 0
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        func at(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard i + bytes.count <= prefix.count else { return false }
            for (k, b) in bytes.enumerated() where lower(prefix[i + k]) != b { return false }
            return true
        }
        func skip(past terminator: String) -> Bool {
            let bytes = Array(terminator.utf8)
            while i + bytes.count <= prefix.count {
                if Array(prefix[i..<(i + bytes.count)]) == bytes { i += bytes.count; return true }
                i += 1
            }
            return false
        }
        while i < prefix.count {
            let byte = prefix[i]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { i += 1; continue }
            if at("<?") { guard skip(past: "?>") else { break }; continue }
            if at("<!--") { guard skip(past: "-->") else { break }; continue }
            if at("<!doctype html") || at("<html") { return .html }
            if at("<!doctype") { return looksLikeHTML(prefix) ? .html : .documentType }
            if at("<xournal") || at("<mrwriter") {
                let end = i + (at("<xournal") ? 8 : 9)
                if end >= prefix.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(prefix[end]) {
                    return .xournal
                }
            }
            break
        }
        if looksLikeHTML(prefix) { return .html }
        let start = min(i, prefix.count)
        let shown = String(decoding: prefix[start..<min(start + 24, prefix.count)], as: UTF8.self)
            .replacingNewlines()
        return .other(shown.isEmpty ? "it is empty" : "it starts with '\(shown)'")
    }

    /// An HTML page or fragment (a browser's "save page" of a download link).
    static func looksLikeHTML(_ prefix: [UInt8]) -> Bool {
        let text = String(decoding: prefix.prefix(8192).map(lower), as: UTF8.self)
        return ["<html", "<!doctype html", "<body", "<head>", "<div", "<table", "<span", "<a href"].contains { text.contains($0) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Inflates the start of a gzip stream (as much as `compressed` allows, at most `limit` bytes).
    static func inflatePrefix(_ compressed: [UInt8], limit: Int = 8192) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: limit)
        var input = compressed
        let produced = input.withUnsafeMutableBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = inputBuffer.baseAddress
                stream.avail_in = uInt(inputBuffer.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = uInt(outputBuffer.count)
                _ = inflate(&stream, Z_SYNC_FLUSH)
                return outputBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(produced))
    }

    /// In a zip prefix, the content of a stored `mimetype` entry whose local header lies within the prefix.
    static func storedMimetype(inZipPrefix bytes: [UInt8]) -> String? {
        var offset = 0
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        while offset + 30 <= bytes.count, bytes[offset..<(offset + 4)].elementsEqual([0x50, 0x4B, 3, 4]) {
            let method = u16(offset + 8), size = u32(offset + 18), nameLength = u16(offset + 26), extraLength = u16(offset + 28)
            let nameStart = offset + 30, dataStart = nameStart + nameLength + extraLength
            guard dataStart <= bytes.count else { return nil }
            let name = String(decoding: bytes[nameStart..<(nameStart + nameLength)], as: UTF8.self)
            if name == "mimetype" {
                guard method == 0, dataStart + size <= bytes.count else { return nil }
                return String(decoding: bytes[dataStart..<(dataStart + size)], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            // Entries written with a data descriptor give no size here: stop.
            guard u16(offset + 6) & 0x08 == 0 else { return nil }
            offset = dataStart + size
        }
        return nil
    }
}

private extension String {
    func replacingNewlines() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}

import Foundation
