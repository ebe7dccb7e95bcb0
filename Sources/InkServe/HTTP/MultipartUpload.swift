import CMicroHTTPD
import Foundation
import InkFileSystem

/// A `multipart/form-data` body parsed by libmicrohttpd's post processor as it
/// arrives: file parts stream to files in one folder (never whole in memory),
/// short text parts are kept. The first problem stops the upload and is kept
/// in `failure`.
final class MultipartUpload: @unchecked Sendable {
    enum Failure: Error, Equatable, Sendable {
        case malformed(String)
        case unknownPart(String)
        case repeatedPart(String)
        case textTooLong(String)
        case tooManyParts
        case cannotWrite(String)
    }

    /// The parts that are files, and which of them may come more than once.
    struct Form: Sendable {
        var files: Set<String>
        var repeatable: Set<String>
        var texts: Set<String>
    }

    let folder: String
    let form: Form
    /// Each file part's saved paths, in the order they came.
    private(set) var files: [String: [String]] = [:]
    private(set) var texts: [String: String] = [:]
    private(set) var failure: Failure?
    private var processor: OpaquePointer?
    private var current: (name: String, bytes: Int64, isFile: Bool, text: [UInt8])?
    /// The file the current part is saved in, when it is a file part.
    private var currentFile: FileDescriptor?
    private var partCount = 0
    /// The end of the body as received, kept back from the post processor (see `feed`).
    private var held: [UInt8] = []
    /// Bytes kept back after the end of a part's headers: more than a boundary line.
    private let holdBack: Int

    static let maximumTextBytes = 4096
    static let maximumParts = 64

    /// Nil when the request is not `multipart/form-data` with a boundary.
    /// The corresponding C function is `MHD_create_post_processor`.
    init?(connection: HTTPConnection, folder: String, form: Form) {
        self.folder = folder
        self.form = form
        // The boundary is in the Content-Type header, so its length bounds the boundary's.
        holdBack = max(80, connection.header("Content-Type")?.utf8.count ?? 0) + 8
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let processor = MHD_create_post_processor(connection.pointer, 64 << 10, Self.iterator, context) else { return nil }
        self.processor = processor
    }

    deinit {
        if let processor { MHD_destroy_post_processor(processor) }
        closeCurrent()
    }

    /// Parses the next piece of the body; false once it failed.
    ///
    /// The post processor calls back once with no bytes at offset 0 both for an empty part and for
    /// a part whose headers end where its input ends (its bytes come later, again at offset 0): the
    /// two look alike, so a part that follows an empty one of the same name could be taken for its
    /// continuation. The end of a part's headers is therefore never handed over within `holdBack`
    /// bytes of the end of what is handed over; then only an empty part calls back with no bytes,
    /// and every call at offset 0 begins a part. The corresponding C function is `MHD_post_process`.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil else { return false }
        held += bytes
        let ready = Self.safeEnd(of: held, holdBack: holdBack)
        guard ready > 0 else { return true }
        let status = process(held[..<ready])
        held.removeFirst(ready)
        return status
    }

    private func process(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard failure == nil, let processor else { return false }
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { MHD_post_process(processor, $0.baseAddress, $0.count) }
        }
        if status != MHD_Result.YES, failure == nil { failure = .malformed("the multipart body is malformed") }
        return failure == nil
    }

    /// How much of `bytes` may go to the post processor now: up to a point with no end of a header
    /// block (an empty line, `\n\n` or `\n\r\n`) within the `holdBack` bytes before it.
    static func safeEnd(of bytes: [UInt8], holdBack: Int) -> Int {
        var end = bytes.count
        var index = bytes.count - 1
        // Walking back: an empty line ending at i + 1 that lies within holdBack of `end` moves `end` before it.
        // At most 2 × holdBack back (what is kept stays small): a run of empty lines is content, and after
        // content that begins with an empty line the post processor always has bytes to call back with.
        while index >= 1 && index >= end - holdBack - 1 && index >= bytes.count - 2 * holdBack {
            if bytes[index] == 0x0A && (bytes[index - 1] == 0x0A || (index >= 2 && bytes[index - 1] == 0x0D && bytes[index - 2] == 0x0A)) {
                let lineStart = bytes[index - 1] == 0x0A ? index - 1 : index - 2
                if index + 1 > end - holdBack { end = lineStart }
            }
            index -= 1
        }
        return end
    }

    /// Ends the body: whether it was complete (its closing boundary seen) and every part is saved.
    /// The corresponding C function is `MHD_destroy_post_processor`.
    func finish() -> Failure? {
        if !held.isEmpty {
            _ = process(held[...])
            held = []
        }
        if let processor {
            self.processor = nil
            if MHD_destroy_post_processor(processor) != MHD_Result.YES, failure == nil {
                failure = .malformed("the multipart body ends early (no closing boundary)")
            }
        }
        closeCurrent()
        return failure
    }

    private static let iterator: MHD_PostDataIterator = { context, _, key, filename, _, _, data, offset, size in
        let upload = Unmanaged<MultipartUpload>.fromOpaque(context!).takeUnretainedValue()
        let name = key.map { String(cString: $0) } ?? ""
        let bytes = UnsafeRawBufferPointer(start: data, count: size)
        return upload.receive(name: name, filename: filename.map { String(cString: $0) }, offset: offset, bytes: bytes)
            ? MHD_Result.YES : MHD_Result.NO
    }

    private func receive(name: String, filename: String?, offset: UInt64, bytes: UnsafeRawBufferPointer) -> Bool {
        // Every call at offset 0 begins a part (`feed` makes sure of it), even after an empty one of the same name.
        if offset == 0 || current?.name != name {
            closeCurrent()
            guard start(name: name, filename: filename) else { return false }
        }
        guard var part = current else { return false }
        part.bytes += Int64(bytes.count)
        if part.isFile {
            do { try currentFile!.writeAll(bytes) } catch {
                failure = .cannotWrite("cannot save the part '\(name)': \(error)")
                return false
            }
        } else {
            guard part.text.count + bytes.count <= Self.maximumTextBytes else {
                failure = .textTooLong(name)
                return false
            }
            part.text += bytes
        }
        current = part
        return true
    }

    private func start(name: String, filename: String?) -> Bool {
        partCount += 1
        guard partCount <= Self.maximumParts else { failure = .tooManyParts; return false }
        if form.files.contains(name) {
            let earlier = files[name]?.count ?? 0
            guard earlier == 0 || form.repeatable.contains(name) else { failure = .repeatedPart(name); return false }
            let path = folder + "/" + savedName(for: name, filename: filename, index: earlier)
            do { currentFile = try FileDescriptor(creatingExclusively: path, mode: 0o600) } catch {
                failure = .cannotWrite("cannot save the part '\(name)': \(error)")
                return false
            }
            files[name, default: []].append(path)
            current = (name, 0, true, [])
        } else if form.texts.contains(name) {
            guard texts[name] == nil else { failure = .repeatedPart(name); return false }
            texts[name] = ""
            current = (name, 0, false, [])
        } else {
            failure = .unknownPart(name)
            return false
        }
        return true
    }

    private func closeCurrent() {
        guard let part = current else { return }
        current = nil
        if part.isFile {
            _ = currentFile.take()
        } else {
            texts[part.name] = String(decoding: part.text, as: UTF8.self)
        }
    }

    /// The name a file part is saved under: the client's file name reduced to safe
    /// characters (a document may find its background PDF by name), never a path,
    /// and never one an earlier part of this form has.
    func savedName(for part: String, filename: String?, index: Int) -> String {
        let safe = Self.safeName(filename, part: part)
        let taken = files.values.joined().map { ($0 as NSString).lastPathComponent }
        var candidate = index > 0 ? "\(index)-\(safe)" : safe
        while taken.contains(candidate) { candidate = part + "-" + candidate }
        return candidate
    }

    /// The last path component of `filename` with every character but ASCII letters, digits
    /// and `._-+` made `_`, leading dots dropped, at most 120 characters; `part` when nothing is left.
    static func safeName(_ filename: String?, part: String) -> String {
        let base = (filename ?? "").split(separator: "/").last.map(String.init) ?? ""
        var safe = String(base.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-+".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }.prefix(120))
        while safe.hasPrefix(".") { safe.removeFirst() }
        return safe.isEmpty ? part : safe
    }
}
